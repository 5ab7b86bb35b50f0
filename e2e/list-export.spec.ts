import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { xsrfToken } from './support/app';
import { expect, test } from './support/axe';
import { apiGet } from './support/catalogue';

/**
 * List exports: the admin filters the products list (published only, sorted Z-A),
 * exports it as Excel and reads the download back: Dutch column headers, and exactly the rows the
 * filtered list pages through, in its order. Screenshots (1280 and 390 px, nl and en) of the menu go
 * to LIST_EXPORT_SHOTS when it is set.
 */

const SHOTS = process.env.LIST_EXPORT_SHOTS;
const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Every product id of the list for the query, page after page, as the list endpoint answers. */
async function listIds(page: Page, query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let p = 1; ; p++) {
    const res = await apiGet<{ data: { id: number }[]; meta: { last_page: number } }>(
      page,
      `/api/products?${query}&perPage=100&page=${p}`,
    );
    ids.push(...res.data.map((x) => x.id));
    if (p >= res.meta.last_page) return ids;
  }
}

test.describe.configure({ timeout: 90_000 });
test.use({ actor: 'admin' });

test('the admin exports the filtered products list to Excel and gets the Dutch headers and exactly the listed rows', async ({
  page,
}) => {
  await page.goto('/products?published=yes&sort=-name');
  await expect(page.getByRole('heading', { level: 1, name: 'Producten' })).toBeVisible();

  await page.getByRole('button', { name: 'Exporteren' }).click();
  await expect(page.getByRole('menuitem', { name: 'Excel (XLSX)' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeVisible();
  await shoot(page, 'products-menu-nl-1280');

  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^producten-\d{4}-\d\d-\d\d\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  expect(ws.name).toBe('Producten');
  expect(ws.getRow(1).values).toEqual([
    undefined,
    'ID',
    'Naam',
    'Naam (Nederlands)',
    'Naam (Engels)',
    'Categorieën',
    'Gekoppeld artikel',
    'Status',
    'Bijgewerkt',
  ]);
  const expected = await listIds(page, 'published=yes&sort=-name');
  expect(expected.length).toBeGreaterThan(0);
  const rows: number[] = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const row = ws.getRow(i);
    rows.push(Number(row.getCell(1).value));
    expect(row.getCell(7).value).toBe('Gepubliceerd');
    expect(row.getCell(8).value).toBeInstanceOf(Date);
  }
  expect(rows).toEqual(expected);

  // A phone: the button is an icon with the same name.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Exporteren' }).click();
  await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeVisible();
  await shoot(page, 'products-menu-nl-390');
  await page.keyboard.press('Escape');

  // In English: the CSV speaks English and uses a comma between fields.
  const token = await xsrfToken(page.request);
  const set = await page.request.patch('/api/locale', {
    headers: { ...JSON_HEADERS, 'X-XSRF-TOKEN': token },
    data: { locale: 'en' },
  });
  expect(set.ok()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  await shoot(page, 'articles-menu-en-1280');
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^articles-\d{4}-\d\d-\d\d\.csv$/);
  const text = fs.readFileSync(await csv.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe('\uFEFFID,ERP id,Name,Article no.,Type,Supplier,Status,Unit,Product,Synced,Deleted on');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'Excel (XLSX)' })).toBeVisible();
  await shoot(page, 'articles-menu-en-390');
  await page.keyboard.press('Escape');
  await page.request.patch('/api/locale', { headers: { ...JSON_HEADERS, 'X-XSRF-TOKEN': token }, data: { locale: 'nl' } });
});
