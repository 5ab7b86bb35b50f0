import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { toast, xsrfToken } from './support/app';
import { expect, test } from './support/axe';
import { apiGet } from './support/catalogue';

/**
 * Payroll exports: the admin opens settings/hours/export, exports last month's hours
 * to Excel, watches the job's progress to the download, and reads the file back: every person's
 * total row is the sum of their rows, and the grand total the sum of all rows. When the demo has
 * no hours last month (its seed may not book them), the test books a few over the API first.
 * Screenshots (1280 and 390 px wide) go to EXPORTS_SHOTS when it is set.
 */

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = process.env.EXPORTS_SHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Last month, as the page's default period: the first and the last day. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** A few hours of the admin last month, unless the demo has some already (a locked day or a full one is skipped). */
async function ensureHours(page: Page, period: { from: string; to: string }) {
  const list = await apiGet<{ meta: { total: number } }>(page, `/api/hours?from=${period.from}&to=${period.to}&perPage=1`).catch(
    () => ({ meta: { total: 0 } }),
  );
  if (list.meta.total > 0) return;
  const { data: projects } = await apiGet<{ data: { id: number }[] }>(page, '/api/projects?perPage=1');
  const projectId = projects[0]?.id;
  if (!projectId) throw new Error('no demo project');
  const token = await xsrfToken(page.request);
  for (const [day, minutes] of [
    ['03', 450],
    ['04', 20],
    ['05', 20],
  ] as const) {
    await page.request.post('/api/hours', {
      headers: { ...JSON_HEADERS, 'X-XSRF-TOKEN': token },
      data: { date: `${period.from.slice(0, 8)}${day}`, projectId, minutes, activity: 'workshop', notes: 'e2e export' },
    });
  }
}

test.describe.configure({ timeout: 120_000 });
test.use({ actor: 'admin' });

test('the admin exports last month to Excel, follows the progress and finds each person’s total equal to their rows', async ({
  page,
}) => {
  await page.goto('/');
  const period = lastMonth();
  await ensureHours(page, period);

  await page.goto('/settings/hours/export');
  await expect(page.getByRole('heading', { level: 1, name: 'Uren exporteren' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Periode afsluiten' })).toBeVisible();
  await expect(page.getByTestId('hour-lock-state')).toBeVisible();
  const [y, m] = period.from.split('-');
  await expect(page.getByTestId('export-period')).toHaveText(`01-${m}-${y} t/m ${period.to.slice(8, 10)}-${m}-${y}`);
  await expect(page.getByRole('radio', { name: 'Excel (.xlsx)' })).toBeChecked();
  await shoot(page, 'hours-export-1280');

  await page.getByRole('button', { name: 'Exporteren' }).click();
  await expect(toast(page, 'De export is gestart.')).toBeVisible();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(progress.getByRole('status')).toHaveText('De export is klaar');
  await shoot(page, 'hours-export-done-1280');

  const downloading = page.waitForEvent('download');
  await progress.getByRole('link', { name: 'Downloaden' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`uren-${period.from}-${period.to}.xlsx`);
  const file = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  expect(ws.getRow(1).values).toEqual([
    undefined,
    'Medewerker',
    'Exact-ID',
    'Datum',
    'Project',
    'Ruimte',
    'Taak',
    'Uren',
    'Activiteit',
    'Opmerkingen',
  ]);

  // Walk the rows: each person's rows, then "Totaal <name>" with their sum; at the end "Totaal" with all.
  let person: string | null = null;
  let sum = 0;
  let all = 0;
  let people = 0;
  let grand: number | null = null;
  for (let i = 2; i <= ws.rowCount; i++) {
    const row = ws.getRow(i);
    const label = String(row.getCell(1).value ?? '');
    const hours = Number(row.getCell(7).value ?? 0);
    if (label === 'Totaal') {
      grand = hours;
    } else if (person !== null && label === `Totaal ${person}`) {
      expect(hours, `the total of ${person}`).toBeCloseTo(sum, 6);
      people++;
      person = null;
      sum = 0;
    } else {
      if (person !== null) expect(label, `row ${i} belongs to ${person}`).toBe(person);
      person = label;
      sum += hours;
      all += hours;
      expect(row.getCell(3).value).toBeInstanceOf(Date);
    }
  }
  expect(people).toBeGreaterThan(0);
  expect(grand).not.toBeNull();
  expect(grand as number).toBeCloseTo(all, 6);

  // The run is in the recent list with its download.
  await expect(
    page
      .getByTestId('recent-exports')
      .getByRole('link', { name: `uren-${period.from}-${period.to}.xlsx downloaden` })
      .first(),
  ).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Uren exporteren' })).toBeVisible();
  await expect(page.getByTestId('recent-exports')).toBeVisible();
  await shoot(page, 'hours-export-390');
});

test('a custom period that ends before it starts is refused on the form', async ({ page }) => {
  await page.goto('/settings/hours/export');
  await page.getByText('Eigen periode').click();
  await page.getByLabel(/^Van/).fill('2026-10-31');
  await page.getByLabel(/^Tot en met/).fill('2026-10-01');
  await page.getByRole('button', { name: 'Exporteren' }).click();
  await expect(page.getByText('De einddatum ligt voor de begindatum.')).toBeVisible();
  await shoot(page, 'hours-export-custom-1280');
});
