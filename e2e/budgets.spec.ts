import type { Page } from '@playwright/test';
import { expect, test } from './support/axe';
import { apiGet } from './support/catalogue';

/**
 * Budget against actuals on the demo cruise refit: the project manager opens the 'Budget' tab,
 * sets the hours budget of the activity most booked so that about 95 % of it is spent, saves, and
 * sees that activity marked 'Bijna op' with the warning above the chart; the export holds the
 * same figure. Then at 390 px the chart and the form still work.
 */

const SHIP = 'MS Noordam refit 2027';

test.describe.configure({ timeout: 120_000 });
test.use({ actor: 'projectManager' });

interface Budget {
  hours: { activity: string; actualMinutes: number }[];
}

async function ship(page: Page): Promise<number> {
  const projects = await apiGet<{ data: { id: number; name: string }[] }>(page, `/api/projects?q=${encodeURIComponent(SHIP)}`);
  const found = projects.data.find((p) => p.name === SHIP);
  if (!found) throw new Error(`no demo project ${SHIP}`);
  return found.id;
}

const ACTIVITY_NL: Record<string, string> = {
  installation: 'Montage',
  workshop: 'Werkplaats',
  engineering: 'Tekenwerk en engineering',
  travel: 'Reistijd',
  management: 'Projectleiding',
  other: 'Overig',
};

test('a project manager sets an hours budget that is 95 % spent and sees the warning', async ({ page }) => {
  const id = await ship(page);
  const budget = (await apiGet<{ data: Budget }>(page, `/api/projects/${id}/budget`)).data;
  const most = [...budget.hours].sort((a, b) => b.actualMinutes - a.actualMinutes)[0];
  if (!most || most.actualMinutes === 0) throw new Error('the demo project has no booked hours');
  const label = ACTIVITY_NL[most.activity] ?? most.activity;
  // Hours with two decimals such that the booked minutes are 90-100 % of them.
  const hours = Math.ceil((most.actualMinutes / 60 / 0.95) * 100) / 100;

  await page.goto(`/projects/${id}/tasks`);
  await page
    .getByRole('navigation', { name: `Onderdelen van ${SHIP}` })
    .getByRole('link', { name: 'Budget' })
    .click();
  // The tab's page loads its code first (a lazy route): on a busy machine that takes a while.
  await expect(page).toHaveURL(`/projects/${id}/budget`, { timeout: 30_000 });
  const chart = page.getByRole('region', { name: 'Uren per activiteit' });
  await expect(chart).toBeVisible();

  await page.getByRole('button', { name: 'Budget wijzigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Budget wijzigen' });
  const field = dialog.getByLabel(label, { exact: true });
  await field.fill(String(hours).replace('.', ','));
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  // Saved: the form closes with the toast (a busy machine may take a while to answer).
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('Budget opgeslagen.')).toBeVisible();

  const bar = chart.getByRole('progressbar', { name: new RegExp(`^${label}: `) });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', /^(9\d|100)(\.\d+)?$/);
  await expect(page.getByRole('alert', { name: 'Budget bijna op of overschreden' })).toContainText(label);
  await expect(chart.getByText('Bijna op').first()).toBeVisible();

  // The export says the same: the activity's row with its budget in hours.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-menu').click();
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const row = text.split('\r\n').find((l) => l.startsWith(`Uren;${label};`));
  // Stored as whole minutes, written as hours with two decimals.
  expect(row).toContain(`;${(Math.round(hours * 60) / 60).toFixed(2).replace('.', ',')};`);

  // At 390 px the chart and the form fit.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(bar).toBeVisible();
  // The chart measures its box after the resize (a ResizeObserver): the page fits once it has.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Budget wijzigen' }).click();
  await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
