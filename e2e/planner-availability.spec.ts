import type { Page } from '@playwright/test';
import { ACCOUNTS, toast } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, uniqueTag } from './support/catalogue';

/**
 * Who is free on the planner: the admin (who plans and decides leave) plans a fitter on a day of
 * his approved leave, is told why before it is saved, plans him anyway ("Toch inplannen") and finds
 * the entry saved; then drags it onto a day he is sick, is told so, cancels, and the entry is back
 * where it was, unchanged on the server.
 */

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie: sign in first');
  const res = await page.request.post(path, {
    headers: { ...JSON_HEADERS, 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) },
    data,
  });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dmy = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/** The Monday ten weeks on: past the demo planning (four weeks) and the demo leave. */
function mondayInTenWeeks(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, 70 - weekday);
}

interface Entry {
  id: number;
  start: string;
  end: string;
  allDay: boolean;
  version: number;
}

test.describe.configure({ timeout: 180_000 });
test.use({ actor: 'admin' });

test('planning someone on approved leave warns with the reason and saves when confirmed; a drag onto a sick day warns and a cancel puts it back', async ({
  page,
}) => {
  await page.goto('/');
  const tag = uniqueTag();
  const { data: options } = await apiGet<{ data: { employees: { id: number; name: string; function: string | null }[] } }>(
    page,
    '/api/planner/options',
  );
  // A fitter of the demo: Monday to Friday on his schedule.
  const fitter = options.employees.find((e) => e.function === 'Monteur');
  if (!fitter) throw new Error('no fitter in the demo');
  const me = options.employees.find((e) => e.name.startsWith(ACCOUNTS.admin.firstName));
  if (!me) throw new Error('the demo admin is not an employee');
  const project = await apiPost<{ id: number; name: string }>(page, '/api/projects', {
    name: `Beschikbaarheid E2E ${tag}`,
    managerIds: [me.id],
  });
  const monday = mondayInTenWeeks();
  const [tuesday, thursday] = [addDays(monday, 1), addDays(monday, 3)];
  const { data: types } = await apiGet<{ data: { id: number; name: string; active?: boolean }[] }>(page, '/api/leave-types');
  const type = types.find((x) => x.active !== false);
  if (!type) throw new Error('no leave type');
  const request = await apiPost<{ id: number; version: number }>(page, '/api/leave-requests', {
    employeeId: fitter.id,
    leaveTypeId: type.id,
    startsOn: tuesday,
    endsOn: tuesday,
  });
  await apiPost(page, `/api/leave-requests/${request.id}/approve`, { version: request.version });
  await apiPost(page, `/api/users/${fitter.id}/sick-periods`, { startsOn: thursday, endsOn: thursday });
  const stored = async () =>
    (
      await apiGet<{ data: { entries: Entry[] } }>(
        page,
        `/api/planner?from=${monday}&to=${addDays(monday, 7)}&projects=${project.id}`,
      )
    ).data.entries;

  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`/planner?view=week&date=${tuesday}&employees=${fitter.id}`);
  // The first visit loads the calendar's code and warms the server: it may take a while on a busy machine.
  await expect(page.getByTestId('planner-calendar')).toBeVisible({ timeout: 60_000 });
  // The week shows his leave and his sick day, in words.
  const strip = page.getByRole('table', { name: 'Beschikbaarheid per medewerker en dag' });
  await expect(strip.locator(`td[data-date="${tuesday}"]`)).toContainText(type.name);
  await expect(strip.locator(`td[data-date="${thursday}"]`)).toContainText('Ziek');

  // Plan him on Tuesday, all day: the question names the leave.
  await page.getByRole('button', { name: 'Nieuwe planning' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe planning' });
  await expect(dialog.getByRole('combobox', { name: 'Medewerker' })).toHaveValue(fitter.name);
  await dialog.getByLabel('Eerste dag').fill(tuesday);
  await dialog.getByLabel('Laatste dag').fill(tuesday);
  await dialog.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: project.name }).click();
  await dialog.getByRole('button', { name: 'Inplannen' }).click();
  const ask = page.getByRole('dialog', { name: 'Toch inplannen?' });
  await expect(ask).toContainText(`${fitter.name} is dan niet vrij:`);
  await expect(ask).toContainText(`Verlof (${type.name}) op `);
  await expect(ask).toContainText(dmy(tuesday));
  expect(await stored()).toHaveLength(0);
  await ask.getByRole('button', { name: 'Toch inplannen' }).click();
  await expect(toast(page, `${fitter.name} is ingepland op ${project.name}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const [saved] = await stored();
  expect(saved).toMatchObject({ start: `${tuesday}T00:00`, end: `${addDays(tuesday, 1)}T00:00`, allDay: true });

  // Drag it onto Thursday, his sick day, in the all-day row: asked, cancelled, back on Tuesday.
  const event = page.locator('.fc-event').filter({ hasText: project.name });
  await expect(event).toBeVisible();
  const from = await event.boundingBox();
  const target = await page.locator(`.fc-timegrid .fc-daygrid-day[data-date="${thursday}"]`).boundingBox();
  if (!from || !target) throw new Error('no boxes');
  const patch = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/api/planner/${saved?.id}`));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, from.y + from.height / 2, { steps: 12 });
  await page.mouse.up();
  expect((await patch).status()).toBe(409);
  const again = page.getByRole('dialog', { name: 'Toch inplannen?' });
  await expect(again).toContainText(`Ziek op `);
  await expect(again).toContainText(dmy(thursday));
  await again.getByRole('button', { name: 'Annuleren' }).click();
  await expect(again).toBeHidden();
  const tuesdayCell = await page.locator(`.fc-timegrid .fc-daygrid-day[data-date="${tuesday}"]`).boundingBox();
  const back = await event.boundingBox();
  if (!tuesdayCell || !back) throw new Error('no boxes');
  expect(back.x).toBeGreaterThanOrEqual(tuesdayCell.x - 1);
  expect(back.x + back.width).toBeLessThanOrEqual(tuesdayCell.x + tuesdayCell.width + 1);
  expect(await stored()).toMatchObject([{ id: saved?.id, start: `${tuesday}T00:00`, version: saved?.version }]);

  // The month shows his scheduled hours per week under the calendar, and planned against what is left.
  await page.goto(`/planner?view=month&date=${tuesday}&employees=${fitter.id}`);
  const weeks = page.getByRole('table', { name: 'Geplande uren tegen beschikbare uren per medewerker en week' });
  const week = weeks.locator(`td[data-week="${monday}"]`);
  await expect(week).toContainText(/^Rooster \d+:\d\d/);
  await expect(week).toContainText(/\d+:\d\d \/ \d+:\d\d · /);
  if (process.env.PLANNER_SHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.reload();
      await week.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.PLANNER_SHOTS}/month-${width}.png`, fullPage: true });
    }
  }
});
