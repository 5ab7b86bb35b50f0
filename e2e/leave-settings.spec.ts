import type { Page } from '@playwright/test';
import { toast } from './support/app';
import { expect as baseExpect, test } from './support/axe';

test.use({ actor: 'admin' });

// Two cores shared with other work: screens and their data may take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Leave settings: the admin creates a leave type and an hour rule, then books
 * collective leave for two employees whose schedules differ in the chosen days, and opens both
 * leave cards: each one's planned hours went up by a non-zero amount, and not by the same amount
 * (each by their own schedule). The specification's singular setting/hours/... address redirects.
 * Screenshots of every leave settings screen at 1280 and 390 px go to LEAVE_SHOTS when it is set.
 */

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
// Unique per run: the names and the code stay unique when the spec runs twice against one database.
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const TYPE = { name: `E2E verlof ${RUN}`, code: `E2E${RUN}` };
const RULE = `E2E avondtoeslag ${RUN}`;
const COLLECTIVE = `E2E sluiting ${RUN}`;

/** `YYYY-MM-DD` n days after a day. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Monday two weeks from now, in Amsterdam: in the future, so the leave is planned. */
function mondayInTwoWeeks(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(today, 14 - weekday);
}

/** ISO week key (2026-W50) of a day. */
function weekKey(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * 86_400_000);
  const jan4 = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round((thursday.getTime() - jan4.getTime()) / 86_400_000 / 7 - 3 / 7 + ((jan4.getUTCDay() + 6) % 7) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** "34:15" -> 2055. */
const minutesOf = (text: string) => {
  const m = /(-?)(\d+):(\d{2})/.exec(text);
  if (!m) throw new Error(`not h:mm: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
};

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: JSON_HEADERS });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

interface Person {
  id: number;
  name: string;
  /** Scheduled minutes on the leave's days. */
  scheduled: number;
}

/** Two active employees whose scheduled hours on these days are above zero and differ. */
async function twoDifferentSchedules(page: Page, days: string[]): Promise<[Person, Person]> {
  const users = await getJson<{ data: { id: number; name: string }[] }>(page, '/api/users?perPage=100&tab=active&sort=name');
  const found: Person[] = [];
  for (const u of users.data) {
    const week = await getJson<{ data: { days: { date: string; scheduledMinutes: number }[] } }>(
      page,
      `/api/hours/week?employeeId=${u.id}&week=${weekKey(days[0] as string)}`,
    );
    const scheduled = week.data.days.filter((d) => days.includes(d.date)).reduce((s, d) => s + d.scheduledMinutes, 0);
    if (scheduled > 0 && !found.some((p) => p.scheduled === scheduled)) found.push({ ...u, scheduled });
    if (found.length === 2) return found as [Person, Person];
  }
  throw new Error('no two employees with different schedules on these days');
}

async function planned(page: Page, employeeId: number, year: string): Promise<number> {
  await page.goto(`/users/${employeeId}/leave-card?year=${year}`);
  const figure = page.getByTestId('leave-card-total-planned');
  await expect(figure).toHaveText(/\d+:\d{2}/);
  return minutesOf((await figure.textContent()) ?? '');
}

test('creates a leave type and an hour rule, and books collective leave on two cards by each schedule', async ({ page }) => {
  test.setTimeout(process.env.LEAVE_SHOTS ? 600_000 : 300_000);

  // The singular address of the specification opens the leave types.
  await page.goto('/setting/hours/leave-types');
  await expect(page).toHaveURL(/\/settings\/hours\/leave-types$/);
  await expect(page.getByRole('heading', { name: 'Verlofsoorten', level: 1 })).toBeVisible();

  // A leave type.
  await page.getByRole('button', { name: 'Nieuwe verlofsoort' }).click();
  const typeDialog = page.getByRole('dialog');
  await typeDialog.getByRole('textbox', { name: /^Naam(?! \(Engels\))/ }).fill(TYPE.name);
  await typeDialog.getByRole('textbox', { name: /^Code/ }).fill(TYPE.code);
  await typeDialog.getByRole('button', { name: 'Nieuwe verlofsoort' }).click();
  await expect(toast(page, `Verlofsoort ${TYPE.name} is aangemaakt.`)).toBeVisible();
  await expect(typeDialog).toBeHidden();
  await expect(page.getByTestId(`leave-type-${TYPE.code}`)).toBeVisible();

  // An hour rule: evenings on weekdays, past midnight, 150% (the form's defaults), named.
  await page.goto('/settings/hours/hour-rules');
  await expect(page.getByRole('heading', { name: 'Uurregels', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nieuwe uurregel' }).first().click();
  const ruleDialog = page.getByRole('dialog');
  await ruleDialog.getByRole('textbox', { name: /^Naam/ }).fill(RULE);
  await expect(ruleDialog.getByTestId('rule-window')).toHaveText('Tijdvak: 18:00–06:00 (tot de volgende dag)');
  await ruleDialog.getByRole('button', { name: 'Nieuwe uurregel' }).click();
  await expect(toast(page, `Uurregel ${RULE} is aangemaakt.`)).toBeVisible();
  await expect(page.getByText(RULE, { exact: true })).toBeVisible();

  // Collective leave, Monday to Wednesday two weeks from now, for two people with different schedules.
  const monday = mondayInTwoWeeks();
  const days = [monday, addDays(monday, 1), addDays(monday, 2)];
  const [a, b] = await twoDifferentSchedules(page, days);
  const year = monday.slice(0, 4);
  const before = [await planned(page, a.id, year), await planned(page, b.id, year)];

  await page.goto('/settings/hours/collective-leaves');
  await expect(page.getByRole('heading', { name: 'Collectieve vrije dagen', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Nieuwe collectieve vrije dagen' }).first().click();
  await expect(page.getByRole('heading', { name: 'Nieuwe collectieve vrije dagen', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /^Naam/ }).fill(COLLECTIVE);
  await page.getByRole('combobox', { name: /^Verlofsoort/ }).click();
  await page.getByRole('option', { name: `${TYPE.name} (${TYPE.code})` }).click();
  await page.getByLabel(/^Van/).fill(days[0] as string);
  await page.getByLabel(/^Tot en met/).fill(days[2] as string);
  await page.getByText('Gekozen medewerkers', { exact: true }).click();
  const picker = page.getByRole('combobox', { name: /^Medewerkers/ });
  for (const person of [a, b]) {
    await picker.fill(person.name);
    await page.getByRole('option', { name: person.name, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Opslaan en boeken' }).click();
  await expect(toast(page, `${COLLECTIVE} is aangemaakt. Geboekt voor 2 personen`)).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/hours\/collective-leaves\/\d+$/);
  await expect(page.getByTestId('collective-booked')).toContainText('Geboekt voor 2 personen');
  const editor = page.url();

  // Both cards: the planned hours went up, each by their own schedule.
  const after = [await planned(page, a.id, year), await planned(page, b.id, year)];
  const added = [(after[0] as number) - (before[0] as number), (after[1] as number) - (before[1] as number)];
  expect(added[0]).toBeGreaterThan(0);
  expect(added[1]).toBeGreaterThan(0);
  expect(added[0]).not.toBe(added[1]);

  const shots = process.env.LEAVE_SHOTS;
  if (shots) await screenshots(page, shots, editor);
});

/** Every leave settings screen at 1280 and 390 px wide (LEAVE_SHOTS). */
async function screenshots(page: Page, dir: string, editor: string) {
  const screens = [
    ['leave-types', '/settings/hours/leave-types'],
    ['hour-rules', '/settings/hours/hour-rules'],
    ['collective-leaves', '/settings/hours/collective-leaves'],
    ['collective-leave', editor],
    ['collective-leave-new', '/settings/hours/collective-leaves/new'],
    ['settings', '/settings'],
  ] as const;
  for (const [width, name] of [
    [1280, 'wide'],
    [390, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const [screen, path] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${dir}/${screen}-${name}.png`, fullPage: true });
    }
    await page.goto('/settings/hours/leave-types');
    await page.getByRole('button', { name: 'Nieuwe verlofsoort' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${dir}/leave-type-modal-${name}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/settings/hours/hour-rules');
    await page.getByRole('button', { name: `${RULE} bewerken` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${dir}/hour-rule-modal-${name}.png` });
    await page.keyboard.press('Escape');
  }
}
