import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, FITTER, resetAccountLocale, switchLanguage, toast } from './support/app';
import { expect as baseExpect, test } from './support/axe';

// The machine the suite runs on may be busy: the first paint of a lazily loaded page can take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Leave in hours, the main flow in both languages: the fitter requests leave for two
 * days in a future week (the preview shows the hours by his schedule before sending), the admin
 * approves it on /users/leave, and the fitter's leave card for that year shows the planned figure
 * grown by exactly those hours. Screens at 1280 and 390 px go to /tmp/shots/F/ when LEAVE_SHOTS is set.
 */

const SHOTS = '/tmp/shots/F';

const TEXT = {
  nl: {
    request: 'Verlof aanvragen',
    type: 'Soort verlof',
    from: 'Van',
    till: 'Tot en met',
    send: 'Aanvragen',
    requested: 'Verlof aangevraagd',
    approveTitle: 'Verlof goedkeuren',
    approve: 'Goedkeuren',
    approved: 'goedgekeurd',
    pendingTab: /^Openstaand/,
    heading: 'Verlofaanvragen',
    dayPlaceholder: 'dd-mm-jjjj',
    pickDay: 'Kies een datum in de kalender',
    monday: 'ma',
    calendar: 'Kalender',
    months: '(januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december)',
  },
  en: {
    request: 'Request leave',
    type: 'Leave type',
    from: 'From',
    till: 'Until (inclusive)',
    send: 'Request',
    requested: 'Leave requested',
    approveTitle: 'Approve leave',
    approve: 'Approve',
    approved: 'approved',
    pendingTab: /^Pending/,
    heading: 'Leave requests',
    dayPlaceholder: 'dd-mm-yyyy',
    pickDay: 'Pick a date in the calendar',
    monday: 'Mo',
    calendar: 'Calendar',
    months: '(January|February|March|April|May|June|July|August|September|October|November|December)',
  },
} as const;

async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.LEAVE_SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The layout follows the width after a frame or two.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** yyyy-mm-dd of a Date's UTC day. */
const iso = (d: Date) => d.toISOString().slice(0, 10);
const dmy = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
const minutesOf = (hm: string) => {
  const m = /^(-?)(\d+):(\d{2})$/.exec(hm.trim());
  if (!m) throw new Error(`not h:mm: ${hm}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
};

/** Tuesday and Wednesday of the week `weeksAhead` weeks from now: clear of the demo's own requests. */
function futureDays(weeksAhead: number): { from: string; till: string } {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + weeksAhead * 7);
  const monday = new Date(d);
  monday.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  const tue = new Date(monday);
  tue.setUTCDate(monday.getUTCDate() + 1);
  const wed = new Date(monday);
  wed.setUTCDate(monday.getUTCDate() + 2);
  return { from: iso(tue), till: iso(wed) };
}

async function planned(page: Page, employeeId: number, year: string): Promise<number> {
  await page.goto(`/users/${employeeId}/leave-card?year=${year}`);
  await expect(page.getByTestId('leave-card-year')).toHaveText(year);
  const figure = page.getByTestId('leave-card-total-planned');
  await expect(figure).toHaveText(/\d+:\d{2}/);
  return minutesOf(await figure.innerText());
}

test.use({ actor: 'fitter', viewport: { width: 1280, height: 900 } });

test.afterEach(async ({ request, playwright }) => {
  // Both accounts go back to Dutch for the other tests, whatever happened above.
  await resetAccountLocale(request, ACCOUNTS.admin, 'nl');
  const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await resetAccountLocale(other, FITTER, 'nl');
  await other.dispose();
});

for (const [lang, weeksAhead] of [
  ['nl', 27],
  ['en', 29],
] as const) {
  test(`requesting leave, approving it and seeing it planned on the card (${lang})`, async ({ page, pageAs }) => {
    test.setTimeout(process.env.LEAVE_SHOTS ? 300_000 : 150_000);
    const text = TEXT[lang];
    const { from, till } = futureDays(weeksAhead);
    const year = from.slice(0, 4);
    const period = `${dmy(from)} – ${dmy(till)}`;

    // The fitter: his card's planned figure before.
    await page.goto('/');
    if (lang === 'en') await switchLanguage(page, 'EN');
    const me = await page.request.get('/api/user/current');
    const employeeId = Number((await me.json()).data.guardable.id);
    const before = await planned(page, employeeId, year);

    // Request two days; the preview shows the hours before anything is sent.
    await page.goto('/users/leave');
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
    await page.getByRole('button', { name: text.request }).first().click();
    const dialog = page.getByRole('dialog', { name: text.request });
    await dialog.getByRole('combobox', { name: text.type }).click();
    await page.getByRole('option', { name: /Vakantieverlof/ }).click();
    // Dates follow the Dutch conventions in both languages: dd-mm-jjjj, a calendar from Monday,
    // its months named in the app's language.
    const fromField = dialog.getByLabel(new RegExp(`^${text.from}`)).first();
    await expect(fromField).toHaveAttribute('placeholder', text.dayPlaceholder);
    await dialog.getByRole('button', { name: text.pickDay }).first().click();
    const calendar = page.getByRole('dialog', { name: text.calendar });
    await expect(calendar.getByRole('columnheader').first()).toHaveText(text.monday);
    await expect(calendar.getByText(new RegExp(`^${text.months} \\d{4}$`))).toBeVisible();
    await shots(page, `calendar-${lang}`);
    // axe checks each screen as it comes; the open calendar is checked here.
    await page.evaluate(() => (window as Window & { __axeFinal?: () => Promise<void> }).__axeFinal?.());
    await calendar.getByRole('button', { name: new RegExp(`^15 ${text.months} \\d{4}$`) }).click();
    await expect(fromField).toHaveValue(/^\d{2}-\d{2}-\d{4}$/);
    await fromField.fill(from);
    await dialog
      .getByLabel(new RegExp(`^${text.till.replace(/[()]/g, '\\$&')}`))
      .first()
      .fill(till);
    await expect(fromField).toHaveValue(dmy(from));
    const total = dialog.getByTestId('leave-preview-total');
    await expect(total).toHaveText(/^[1-9]\d*:\d{2}$/);
    const minutes = minutesOf(await total.innerText());
    await expect(dialog.getByTestId('leave-preview').getByRole('row')).toHaveCount(3);
    if (lang === 'nl') await shots(page, 'request-modal');
    await dialog.getByRole('button', { name: text.send, exact: true }).click();
    await expect(toast(page, text.requested)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(period).first()).toBeVisible();

    // The admin approves it.
    const admin = await pageAs('admin');
    if (lang === 'en') {
      await admin.goto('/');
      await switchLanguage(admin, 'EN');
    }
    await admin.goto('/users/leave');
    await expect(admin.getByRole('tab', { name: text.pendingTab })).toHaveAttribute('aria-selected', 'true');
    const p = period.replace(/[()]/g, '\\$&');
    const button = admin.getByRole('button', {
      name: new RegExp(lang === 'nl' ? `^Verlof van .* \\(${p}\\) goedkeuren$` : `^Approve the leave of .* \\(${p}\\)$`),
    });
    if (lang === 'nl') await shots(admin, 'requests-list');
    await button.click();
    const modal = admin.getByRole('dialog', { name: text.approveTitle });
    await modal.getByRole('button', { name: text.approve, exact: true }).click();
    await expect(toast(admin, text.approved)).toBeVisible();
    await expect(modal).toBeHidden();
    if (lang === 'nl') {
      // The approved leave on the planner's people view, hatched beside the planned work.
      await admin.goto(`/planner?view=people&date=${from}`);
      await expect(admin.getByRole('button', { name: /VAK · Vakantieverlof/ }).first()).toBeVisible();
      await shots(admin, 'planner-people');
    }

    // The fitter's card: planned grew by exactly the hours the preview showed.
    await expect.poll(() => planned(page, employeeId, year)).toBe(before + minutes);
    if (lang === 'nl') await shots(page, 'leave-card');
  });
}
