import type { Locator, Page } from '@playwright/test';
import { closeToast, toast } from './support/app';
import { expect, test } from './support/axe';

test.use({ actor: 'admin' });

/**
 * Booking hours on a phone: at 390 x 844 the admin opens "Mijn uren", goes to next
 * week (never locked: the lock is a payroll date in the past), books Monday to Friday on a demo
 * project through the full-screen form (7:30 typed as 7,5, Enter to save), checks the week's
 * total, changes one booking and deletes another after confirming. Screenshots of every hours
 * screen at 1280 and 390 px go to HOURS_SHOTS when it is set.
 */

const PROJECT = 'MS Noordam refit 2027';
const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** `YYYY-MM-DD` n days after a day. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Monday `weeks` weeks from this one, in Amsterdam. */
function mondayAhead(weeks: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(today, 7 * weeks - weekday);
}

/** "34:15" -> 2055. */
const minutesOf = (text: string) => {
  const m = /(-?)(\d+):(\d{2})/.exec(text);
  if (!m) throw new Error(`not h:mm: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
};
const hm = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

async function bookedTotal(page: Page): Promise<number> {
  return minutesOf((await page.getByTestId('total-booked').textContent()) ?? '');
}

async function book(page: Page, day: Locator, time: string, shown: string, activity = 'Montage') {
  await day.getByRole('button', { name: /^Uren boeken op/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const project = dialog.getByRole('combobox', { name: /^Project/ });
  await project.fill('Noordam');
  // The server's search answers 250 ms after typing and replaces the options: a click that lands
  // while the list is swapped picks nothing (the box still says "Noordam"), so the pick is tried
  // again until the box names the project.
  await expect(async () => {
    await page.getByRole('option', { name: PROJECT }).click({ timeout: 2_000 });
    await expect(project).toHaveValue(PROJECT, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByRole('combobox', { name: /^Activiteit/ }).click();
  await page.getByRole('option', { name: activity, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: /^Activiteit/ })).toHaveValue(activity);
  const duration = dialog.getByRole('textbox', { name: /^Tijd/ });
  await duration.fill(time);
  await expect(dialog.getByText(`Dat is ${shown} uur`)).toBeVisible();
  // Enter saves.
  await duration.press('Enter');
  // Closed as read: on a phone it covers the bottom of the next dialog (its Save button).
  await closeToast(page, `${shown} geboekt op ${PROJECT}.`);
  await expect(dialog).toBeHidden();
  await expect(day.getByTestId(/^entry-/).filter({ hasText: shown })).toBeVisible();
}

test('books a week of hours on a phone, changes one and deletes one', async ({ page }, testInfo) => {
  // Eleven form fills and their toasts on a 2-core machine; the screenshots take longer still.
  test.setTimeout(process.env.HOURS_SHOTS ? 240_000 : 90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/hours');
  await expect(page.getByRole('heading', { name: 'Mijn uren', level: 1 })).toBeVisible();
  // A retry (or a repeat) books a week later: the week an earlier attempt booked is not its own.
  const weeks = 1 + testInfo.retry + testInfo.repeatEachIndex;
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Volgende week' }).click();
  await expect(page).toHaveURL(/[?&]week=\d{4}-W\d{2}/);
  const monday = mondayAhead(weeks);
  await expect(page.getByTestId(`day-${monday}`)).toBeVisible();
  const before = await bookedTotal(page);

  const plan = [
    ['8', '8:00'],
    ['7,5', '7:30'],
    ['8:00', '8:00'],
    ['6:45', '6:45'],
    ['4', '4:00'],
  ] as const;
  for (const [i, [typed, shown]] of plan.entries()) {
    await book(page, page.getByTestId(`day-${addDays(monday, i)}`), typed, shown);
  }
  const added = 8 * 60 + 7 * 60 + 30 + 8 * 60 + 6 * 60 + 45 + 4 * 60;
  await expect(page.getByTestId('total-booked')).toHaveText(hm(before + added));

  // Thursday's 6:45 becomes 7:00.
  const thursday = page.getByTestId(`day-${addDays(monday, 3)}`);
  await thursday.getByRole('button', { name: `${PROJECT} 6:45 wijzigen` }).click();
  const dialog = page.getByRole('dialog');
  const duration = dialog.getByRole('textbox', { name: /^Tijd/ });
  await expect(duration).toHaveValue('6:45');
  await duration.fill('7');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await closeToast(page, `De uren zijn opgeslagen (7:00 op ${PROJECT}).`);
  await expect(page.getByTestId('total-booked')).toHaveText(hm(before + added + 15));

  // Friday's 4:00 goes, after the question.
  const friday = page.getByTestId(`day-${addDays(monday, 4)}`);
  await friday.getByRole('button', { name: `${PROJECT} 4:00 verwijderen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Uren verwijderen?' });
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(toast(page, `4:00 op ${PROJECT} is verwijderd.`)).toBeVisible();
  await expect(friday.getByTestId(/^entry-/)).toHaveCount(0);
  await expect(page.getByTestId('total-booked')).toHaveText(hm(before + added + 15 - 240));

  const shots = process.env.HOURS_SHOTS;
  if (shots) await screenshots(page, shots, monday);
});

/** Every hours screen at 1280 and 390 px wide (HOURS_SHOTS). */
async function screenshots(page: Page, dir: string, monday: string) {
  const me = await (await page.request.get('/api/user/current', { headers: JSON_HEADERS })).json();
  const employeeId = me.data.guardable.id as number;
  const projects = await (await page.request.get('/api/hours/projects?q=Noordam', { headers: JSON_HEADERS })).json();
  const projectId = projects.data[0].id as number;
  const week = new URL(page.url()).searchParams.get('week');
  const screens = [
    ['week', `/hours?week=${week}`],
    ['user-hours', `/users/${employeeId}/booked-hours?week=${week}`],
    ['schedule', `/users/${employeeId}/schedule`],
    ['projects-hours', `/projects/hours?from=${monday}&to=${addDays(monday, 6)}`],
    ['project-hours', `/projects/${projectId}/hours?to=${week}`],
  ] as const;
  for (const [width, name] of [
    [1280, 'wide'],
    [390, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const [screen, path] of screens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${dir}/${screen}-${name}.png`, fullPage: true });
    }
    // An editable schedule: a new version.
    await page.goto(`/users/${employeeId}/schedule`);
    await page.getByRole('button', { name: 'Nieuwe roosterversie' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nieuwe roosterversie' })).toBeVisible();
    await page.screenshot({ path: `${dir}/schedule-new-${name}.png`, fullPage: true });
    await page.goto(`/hours?week=${week}`);
    await page
      .getByTestId(`day-${monday}`)
      .getByRole('button', { name: /^Uren boeken op/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${dir}/booking-${name}.png` });
    // Escape closes the project's open list first (on a wide screen it opens with the focus), then the form.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
}
