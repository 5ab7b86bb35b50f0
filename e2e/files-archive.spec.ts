import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/axe';

// The portal's files archive: Emma (Nordic Star Cruises) searches it three times, ticks a file of
// each source (an approved drawing version, an order's final file, a product's tearsheet; the
// selection stays while she searches on), downloads them as one ZIP and the test opens it: the
// three names, with the sizes the archive lists. The demo has all three for Nordic Star
// (demo/drawings.ts: Atrium - plafondplan, approved in v2; demo/orders.ts: the completed bar table
// order's final drawing; demo/catalogue.ts: tearsheets). Read only: nothing changes.
// Screens are photographed at 1280 and at 390 px into FILES_ARCHIVE_SHOTS when it is set.

interface Row {
  fileName: string;
  source: string;
  kind: string;
  size: number | null;
}

/** The first archive row the company sees for a search, of a kind, straight from the API (Emma's session). */
async function rowFor(page: Page, q: string, kind: string): Promise<Row> {
  const res = await page.request.get(`/api/client/product-files?q=${encodeURIComponent(q)}&perPage=100`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { data: Row[] }).data.filter((r) => r.kind === kind);
  if (!rows[0]) throw new Error(`the demo archive has no ${kind} file for "${q}"`);
  return rows[0];
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.FILES_ARCHIVE_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** The entries of a ZIP as `unzip -l` lists them: name and size. */
function listZip(file: string): { name: string; size: number }[] {
  const out = execFileSync('unzip', ['-l', file]).toString();
  return out
    .split('\n')
    .map((l) => /^\s*(\d+)\s+\d{2,4}-\d{2}-\d{2,4}\s+\d{2}:\d{2}\s+(.+)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: (m[2] ?? '').trim(), size: Number(m[1]) }));
}

test.describe.configure({ timeout: 60_000 });
test.use({ actor: 'emma' });

test('Emma searches the files archive, ticks three files of three sources and downloads them as one ZIP', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const drawing = await rowFor(page, 'plafondplan', 'approved');
  const final = await rowFor(page, 'definitieve', 'final');
  const sheet = await rowFor(page, 'tearsheet', 'tearsheet');

  await page.goto('/product-files');
  await expect(page.getByRole('heading', { level: 1, name: 'Productbestanden' })).toBeVisible();
  const zipButton = page.getByRole('button', { name: /^Download als ZIP/ });
  await expect(zipButton).toHaveText('Download als ZIP (0)');
  await expect(zipButton).toBeDisabled();
  await shot(page, 'archive');

  const search = page.getByRole('searchbox', { name: 'Zoeken' });
  const tick = async (q: string, row: Row) => {
    await search.fill(q);
    await expect(page).toHaveURL(new RegExp(`q=${q}`));
    await page
      .getByRole('checkbox', { name: `Selecteer ${row.fileName}` })
      .first()
      .check();
  };
  await tick('plafondplan', drawing);
  await tick('definitieve', final);
  // The source filter narrows the list to the products' files.
  await page.getByRole('combobox', { name: 'Bron' }).selectOption('product');
  await expect(page).toHaveURL(/source=product/);
  await tick('tearsheet', sheet);
  await expect(zipButton).toHaveText('Download als ZIP (3)');
  await expect(page.getByText('3 bestanden gekozen', { exact: false })).toBeVisible();
  await shot(page, 'archive-selected');

  const [download] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^bestanden-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByRole('alert').filter({ hasText: 'met 3 bestanden is gedownload' })).toBeVisible();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-'));
  try {
    const file = path.join(dir, 'archive.zip');
    await download.saveAs(file);
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    const entries = listZip(file);
    expect(entries).toEqual([
      { name: drawing.fileName, size: drawing.size },
      { name: final.fileName, size: final.size },
      { name: sheet.fileName, size: sheet.size },
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
