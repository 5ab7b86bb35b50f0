import type { Locator, Page } from '@playwright/test';
import { API_HEADERS, closeToast, postJson, toast, xsrfToken } from './support/app';
import { expect as baseExpect, test } from './support/axe';

// The machine the suite runs on may be busy: the first paint of a lazily loaded page can take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Timesheets, the main flow with both sides: the fitter (Bram de Jong) books hours in two weeks
 * well ahead (clear of other specs and the payroll lock), the project leader approves the first
 * week and sends the second back with a comment, the fitter reads the comment and corrects his
 * hours, cannot change the approved week, and the project leader then approves the corrected week.
 */

const FITTER_NAME = 'Bram de Jong';
const PROJECT = 'MS Noordam refit 2027';

/** `YYYY-MM-DD` n days after a day. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Monday and ISO week key `weeks` weeks from this one, in Amsterdam. */
function weekAhead(weeks: number): { monday: string; key: string; number: number } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, 7 * weeks - weekday);
  const thursday = new Date(`${addDays(monday, 3)}T00:00:00Z`);
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const number = Math.floor((thursday.getTime() - jan1) / (7 * 86_400_000)) + 1;
  return { monday, key: `${thursday.getUTCFullYear()}-W${String(number).padStart(2, '0')}`, number };
}

async function projectId(page: Page): Promise<number> {
  const res = await page.request.get('/api/hours/projects?q=Noordam', { headers: API_HEADERS });
  return ((await res.json()) as { data: { id: number }[] }).data[0]?.id ?? 0;
}

/** The fitter books one entry on a day through the form. */
async function bookOn(page: Page, day: Locator) {
  await day.getByRole('button', { name: /^Uren boeken op/ }).click();
  const dialog = page.getByRole('dialog');
  const project = dialog.getByRole('combobox', { name: /^Project/ });
  await project.fill('Noordam');
  // The search answers after typing and replaces the options: pick again until the box names it.
  await expect(async () => {
    await page.getByRole('option', { name: PROJECT }).click({ timeout: 2_000 });
    await expect(project).toHaveValue(PROJECT, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByRole('combobox', { name: /^Activiteit/ }).click();
  await page.getByRole('option', { name: 'Montage', exact: true }).click();
  await dialog.getByRole('textbox', { name: /^Tijd/ }).fill('8');
  await dialog.getByRole('textbox', { name: /^Tijd/ }).press('Enter');
  await closeToast(page, `8:00 geboekt op ${PROJECT}.`);
}

/** The project leader opens the fitter's week on the timesheets screen. */
async function openWeek(page: Page, key: string, number: number, booked = '8:00'): Promise<Locator> {
  await page.goto(`/hours/timesheets?week=${key}`);
  await page.getByRole('button', { name: FITTER_NAME, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Week ${number} van ${FITTER_NAME}` });
  await expect(dialog.getByTestId('timesheet-booked')).toHaveText(booked);
  return dialog;
}

test.use({ actor: 'fitter' });
// Signing both people in is part of the test's time: on a busy machine that alone can take a while.
test.describe.configure({ timeout: 240_000 });

test('the project leader approves one week and sends another back; the fitter corrects it and cannot change the approved one', async ({
  page,
  pageAs,
}, testInfo) => {
  // A retry or a repeat uses weeks of its own: the weeks an earlier attempt decided stay decided.
  const offset = 30 + 2 * (testInfo.retry + testInfo.repeatEachIndex);
  const approved = weekAhead(offset);
  const returned = weekAhead(offset + 1);

  // The fitter books Monday of the first week through the form, Monday of the second over the API.
  await page.goto(`/hours?week=${approved.key}`);
  await expect(page.getByRole('heading', { name: 'Mijn uren', level: 1 })).toBeVisible();
  await bookOn(page, page.getByTestId(`day-${approved.monday}`));
  await postJson(page.request, '/api/hours', {
    date: returned.monday,
    projectId: await projectId(page),
    minutes: 480,
    activity: 'installation',
  });

  // The project leader approves the first week and sends the second back with a comment.
  const leader = await pageAs('projectManager');
  let dialog = await openWeek(leader, approved.key, approved.number);
  await dialog.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(toast(leader, `Week ${approved.number} van ${FITTER_NAME} is goedgekeurd.`)).toBeVisible();
  await expect(
    leader
      .getByTestId(/^timesheet-\d+$/)
      .filter({ hasText: FITTER_NAME })
      .getByTestId('timesheet-state'),
  ).toHaveText('Goedgekeurd');

  dialog = await openWeek(leader, returned.key, returned.number);
  await dialog.getByRole('button', { name: 'Terugsturen' }).click();
  await dialog.getByRole('textbox', { name: /^Opmerking/ }).fill('Maandag was 7,5 uur, niet 8.');
  await dialog.getByRole('button', { name: 'Terugsturen' }).click();
  await expect(toast(leader, `Week ${returned.number} van ${FITTER_NAME} is teruggestuurd.`)).toBeVisible();

  // The fitter reads the comment and corrects the week sent back.
  await page.goto(`/hours?week=${returned.key}`);
  await expect(page.getByTestId('week-state')).toContainText('Week teruggestuurd: pas je uren aan');
  await expect(page.getByTestId('week-comment')).toHaveText('“Maandag was 7,5 uur, niet 8.”');
  const monday = page.getByTestId(`day-${returned.monday}`);
  await monday.getByRole('button', { name: `${PROJECT} 8:00 wijzigen` }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: /^Tijd/ }).fill('7,5');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await closeToast(page, `De uren zijn opgeslagen (7:30 op ${PROJECT}).`);
  await expect(page.getByTestId('total-booked')).toHaveText('7:30');

  // The approved week is read only: no buttons, and the server refuses a change.
  await page.goto(`/hours?week=${approved.key}`);
  await expect(page.getByTestId('week-state')).toContainText('Week goedgekeurd');
  await expect(page.getByTestId('week-state')).toContainText('Daan');
  const approvedDay = page.getByTestId(`day-${approved.monday}`);
  await expect(approvedDay.getByTestId(/^entry-/)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Uren boeken op/ })).toHaveCount(0);
  await expect(approvedDay.getByRole('button', { name: /wijzigen$/ })).toHaveCount(0);
  const refused = await page.request.post('/api/hours', {
    headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(page.request) },
    data: { date: addDays(approved.monday, 1), projectId: await projectId(page), minutes: 60, activity: 'installation' },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('HOURS_WEEK_APPROVED');

  // After the correction the project leader approves the second week as well.
  dialog = await openWeek(leader, returned.key, returned.number, '7:30');
  await expect(dialog.getByTestId('timesheet-comment')).toHaveText('“Maandag was 7,5 uur, niet 8.”');
  await dialog.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(toast(leader, `Week ${returned.number} van ${FITTER_NAME} is goedgekeurd.`)).toBeVisible();

  const shots = process.env.TIMESHEETS_SHOTS;
  if (shots) await screenshots(leader, page, shots, returned.key, returned.number);
});

/** The approvers' screen, a person's week in it and the fitter's approved week at 1280 and 390 px (TIMESHEETS_SHOTS). */
async function screenshots(leader: Page, fitter: Page, dir: string, key: string, number: number) {
  for (const [width, name] of [
    [1280, 'wide'],
    [390, 'phone'],
  ] as const) {
    await leader.setViewportSize({ width, height: 900 });
    await leader.goto(`/hours/timesheets?week=${key}`);
    await expect(leader.getByTestId('timesheets-summary')).toBeVisible();
    await leader.screenshot({ path: `${dir}/timesheets-${name}.png`, fullPage: true });
    await openWeek(leader, key, number, '7:30');
    await leader.screenshot({ path: `${dir}/timesheet-week-${name}.png` });
    await fitter.setViewportSize({ width, height: 900 });
    await fitter.goto(`/hours?week=${key}`);
    await expect(fitter.getByTestId('week-state')).toBeVisible();
    await fitter.screenshot({ path: `${dir}/my-week-approved-${name}.png`, fullPage: true });
  }
}
