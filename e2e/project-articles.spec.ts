import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/axe';
import { apiGet } from './support/catalogue';

/**
 * Project articles of the demo cruise refit: the project manager opens the 'Artikelen'
 * tab, sorts by total (the sort goes into the address), opens the largest item's quantities per
 * area, and downloads the CSV, whose row for that item carries the same total in Dutch notation.
 * Reads only: the demo project is left as it was.
 */

const SHIP = 'MS Noordam refit 2027';

test.describe.configure({ timeout: 120_000 });
test.use({ actor: 'projectManager' });

/** What the test reads of GET /api/projects/:id/articles (the contract is packages/shared/src/project-articles). */
interface Item {
  kind: 'product' | 'article';
  code: string | null;
  name: string;
  unit: string | null;
  total: number;
  lines: number;
  perArea: { areaId: number; quantity: number }[];
}

async function ship(page: Page): Promise<number> {
  const projects = await apiGet<{ data: { id: number; name: string }[] }>(page, `/api/projects?q=${encodeURIComponent(SHIP)}`);
  const found = projects.data.find((p) => p.name === SHIP);
  if (!found) throw new Error(`no demo project ${SHIP}`);
  return found.id;
}

/** A CSV text field as the export writes it (formula-like text neutralised, quoted when needed). */
const csvText = (s: string) => {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[";\r\n,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

test('a project manager sorts the articles by total, sees one per area and downloads the CSV', async ({ page }) => {
  const id = await ship(page);
  const byTotal = (await apiGet<{ data: { items: Item[] } }>(page, `/api/projects/${id}/articles?sort=-total`)).data.items;
  const top = byTotal[0];
  if (!top) throw new Error('the demo project has no order lines');

  await page.goto(`/projects/${id}/tasks`);
  await page
    .getByRole('navigation', { name: `Onderdelen van ${SHIP}` })
    .getByRole('link', { name: 'Artikelen' })
    .click();
  await expect(page).toHaveURL(`/projects/${id}/articles`);
  const table = page.getByRole('table', { name: 'Artikelen' });
  await expect(table.getByRole('row')).toHaveCount(byTotal.length + 1);

  // Sort by total, largest first: in the address, and the largest item on top.
  await page
    .getByRole('textbox', { name: 'Sorteren' })
    .or(page.getByRole('combobox', { name: 'Sorteren' }))
    .first()
    .click();
  await page.getByRole('option', { name: 'Totaal aflopend' }).click();
  await expect(page).toHaveURL(`/projects/${id}/articles?sort=-total`);
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText(top.name);
  const total = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 3 }).format(top.total);
  await expect(first).toContainText(total);

  // Its quantities per area.
  // The row's one button: its name is the visible "N ruimtes" and, hidden, ": aantallen van <name>".
  await first.getByRole('button', { name: /aantallen van/ }).click();
  const dialog = page.getByRole('dialog', { name: `${top.name} per ruimte` });
  await expect(dialog.getByRole('row')).toHaveCount(top.perArea.length + 2);
  await expect(dialog.getByText('Aantallen van subruimtes zijn bij hun ruimte meegeteld.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The CSV, in the list's order.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`projectartikelen ${SHIP}.csv`);
  const bytes = fs.readFileSync((await file.path()) as string);
  expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toMatch(/^Soort;Code;Naam;Eenheid;Totaal;Orderregels;/);
  const row = [
    top.kind === 'product' ? 'Product' : 'Artikel',
    top.code === null ? '' : csvText(top.code),
    csvText(top.name),
    top.unit === null ? '' : csvText(top.unit),
    String(top.total).replace('.', ','),
    String(top.lines),
  ].join(';');
  expect(lines[1]?.startsWith(`${row};`)).toBe(true);
  expect(lines).toHaveLength(byTotal.length + 2);
});
