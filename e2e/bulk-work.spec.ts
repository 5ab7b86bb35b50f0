import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, resetAccountLocale } from './support/app';
import { expect as baseExpect, test } from './support/axe';
import { apiGet, apiPost, uniqueTag } from './support/catalogue';

// The machine the suite runs on may be busy: the first paint of a lazily loaded page can take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Bulk actions on the work lists: two pending leave requests approved from the list in one
 * go, and tickets ticked on the tickets list closed together. Screenshots (1280 and 390 px wide, Dutch
 * and English) go to BULK_WORK_SHOTS when it is set.
 */

const SHOTS = process.env.BULK_WORK_SHOTS;
const FITTER = 'monteur@outfitting.test';

test.describe.configure({ timeout: 240_000 });
test.use({ actor: 'admin' });

test.afterEach(async ({ request }) => {
  await resetAccountLocale(request, ACCOUNTS.admin, 'nl');
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

const dmy = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/** A Tuesday `weeksAhead` weeks from now (yyyy-mm-dd): clear of the demo's and the leave spec's requests. */
function futureTuesday(weeksAhead: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + weeksAhead * 7);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 1);
  return d.toISOString().slice(0, 10);
}

async function fitterId(page: Page): Promise<number> {
  const list = await apiGet<{ data: { id: number; email: string }[] }>(page, '/api/users?perPage=100');
  const fitter = list.data.find((e) => e.email === FITTER);
  if (!fitter) throw new Error('no fitter in the demo data');
  return fitter.id;
}

/** A pending request of the fitter for one day of "Bijzonder verlof" (needs approval, leaves the balance alone). */
async function requestLeave(page: Page, employeeId: number, day: string): Promise<number> {
  const types = await apiGet<{ data: { id: number; code: string }[] }>(page, '/api/leave-types');
  const special = types.data.find((x) => x.code === 'BV');
  if (!special) throw new Error('no leave type BV in the demo data');
  const res = await apiPost(page, '/api/leave-requests', { employeeId, leaveTypeId: special.id, startsOn: day, endsOn: day });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: { id: number; status: string } }).data.id;
}

/** A project of the admin's with `n` open tickets whose descriptions carry the tag. */
async function makeTickets(page: Page, tag: string, n: number): Promise<number[]> {
  const me = await apiGet<{ data: { guardable: { id: number } } }>(page, '/api/user/current');
  const project = await apiPost(page, '/api/projects', { name: `Bulk ${tag}`, managerIds: [me.data.guardable.id] });
  expect(project.status).toBe(201);
  const projectId = (project.body as { data: { id: number } }).data.id;
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await apiPost(page, `/api/projects/${projectId}/tickets`, { description: `${tag} lekkage ${i}` });
    expect(res.status).toBe(201);
    ids.push((res.body as { data: { id: number } }).data.id);
  }
  return ids;
}

test('approves two pending leave requests from the list in one go', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const employeeId = await fitterId(page);
  const days = [futureTuesday(31), futureTuesday(33)];
  const ids = [];
  for (const day of days) ids.push(await requestLeave(page, employeeId, day));

  await page.goto(`/users/leave?employeeId=${employeeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verlofaanvragen' })).toBeVisible();
  for (const day of days) await page.getByRole('checkbox', { name: new RegExp(`^Selecteer .*, ${dmy(day)}$`) }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 geselecteerd');
  await shot(page, 'leave-selection-1280-nl');

  await bar.getByRole('button', { name: 'Goedkeuren' }).click();
  const modal = page.getByRole('dialog', { name: 'Verlof goedkeuren' });
  await expect(modal).toContainText('2 aanvragen goedkeuren.');
  await modal.getByRole('textbox').fill('Veel plezier');
  await modal.getByRole('button', { name: 'Goedkeuren', exact: true }).click();

  const result = page.getByTestId('bulk-result');
  await expect(result).toContainText('2 rijen gewijzigd.');
  await shot(page, 'leave-result-1280-nl');
  await result.getByRole('button', { name: 'Sluiten' }).click();
  await expect(result).toBeHidden();
  await expect(bar).toBeHidden();

  for (const id of ids) {
    const r = await apiGet<{ data: { status: string; decisionReason: string | null } }>(page, `/api/leave-requests/${id}`);
    expect(r.data).toMatchObject({ status: 'approved', decisionReason: 'Veel plezier' });
  }
  // The pending tab no longer lists them.
  for (const day of days) await expect(page.getByRole('checkbox', { name: new RegExp(`, ${dmy(day)}$`) })).toHaveCount(0);
});

test('closes the tickets ticked on the tickets list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const tag = `T${uniqueTag()}`;
  const ids = await makeTickets(page, tag, 3);

  await page.goto(`/tickets?q=${encodeURIComponent(tag)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Tickets/ });
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('checkbox', { name: `Selecteer ${tag} lekkage 1` }).check();
  await table.getByRole('checkbox', { name: `Selecteer ${tag} lekkage 3` }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 geselecteerd');
  await shot(page, 'tickets-selection-1280-nl');

  await bar.getByRole('button', { name: 'Tickets sluiten' }).click();
  const confirm = page.getByRole('dialog', { name: 'Tickets sluiten?' });
  await expect(confirm).toContainText('2 tickets worden gesloten.');
  await confirm.getByRole('button', { name: 'Tickets sluiten' }).click();

  const result = page.getByTestId('bulk-result');
  await expect(result).toContainText('2 rijen gewijzigd.');
  await result.getByRole('button', { name: 'Sluiten' }).click();
  await expect(result).toBeHidden();

  // The open tab lists only the one left open.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`${tag} lekkage 2`);
  const statuses = await Promise.all(
    ids.map((id) => apiGet<{ data: { status: string } }>(page, `/api/tickets/${id}`).then((r) => r.data.status)),
  );
  expect(statuses).toEqual(['closed', 'open', 'closed']);
});
