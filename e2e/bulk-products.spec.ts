import path from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, resetAccountLocale, switchLanguage } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, apiPost, uniqueTag } from './support/catalogue';

/**
 * Bulk actions on the products list: filter, tick the page, "select all N matching",
 * publish after the question, read the result, and find them under the published filter.
 * Screenshots (1280 px in Dutch, 390 px in English) go to BULK_CATALOGUE_SHOTS when it is set.
 */

interface ListPage {
  data: { id: number; published: boolean }[];
  meta: { total: number };
}

const SHOTS = process.env.BULK_CATALOGUE_SHOTS;

test.describe.configure({ timeout: 360_000 });
test.use({ actor: 'admin' });

test.afterEach(async ({ request }) => {
  await resetAccountLocale(request, ACCOUNTS.admin, 'nl');
});

/** Makes `n` unpublished products named "<tag> NN" over the API. */
async function makeProducts(page: Page, tag: string, n: number): Promise<void> {
  const made = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      apiPost(page, '/api/products', { nameNl: `${tag} ${String(i + 1).padStart(2, '0')}`, nameEn: '' }),
    ),
  );
  expect(made.map((r) => r.status)).toEqual(made.map(() => 201));
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

test('select all matching products and publish them', async ({ page }) => {
  await page.goto('/');
  const tag = `Bulk ${uniqueTag()}`;
  await makeProducts(page, tag, 27);

  await page.goto(`/products?q=${encodeURIComponent(tag)}&published=no`);
  await expect(page.getByRole('heading', { level: 1, name: 'Producten' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Producten' });
  await expect(table.getByRole('row')).toHaveCount(26);

  await table.getByRole('checkbox', { name: 'Selecteer alle rijen op deze pagina' }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('25 geselecteerd');
  await bar.getByRole('button', { name: 'Selecteer alle 27 die aan het filter voldoen' }).click();
  await expect(bar).toContainText('Alle 27 die aan het filter voldoen geselecteerd');
  await shot(page, 'products-selection-1280-nl');

  await bar.getByRole('button', { name: 'Acties' }).click();
  await page.getByRole('menuitem', { name: 'Publiceren' }).click();
  const confirm = page.getByRole('dialog', { name: 'Producten publiceren' });
  await expect(confirm).toContainText('27 producten publiceren in de inspiratiecatalogus?');
  // The new products have no description, images or attributes: the question says so.
  await expect(confirm).toContainText('25 van de geselecteerde producten op deze pagina zijn onvolledig');
  await confirm.getByRole('button', { name: 'Publiceren' }).click();

  const result = page.getByTestId('bulk-result');
  await expect(result).toContainText('27 rijen gewijzigd.');
  await shot(page, 'products-result-1280-nl');
  await result.getByRole('button', { name: 'Sluiten' }).click();
  await expect(result).toBeHidden();
  await expect(bar).toBeHidden();

  // The list read again: nothing unpublished left with this name; the published filter shows all 27.
  await expect(page.getByText('Geen producten gevonden')).toBeVisible();
  await page.goto(`/products?q=${encodeURIComponent(tag)}&published=yes`);
  await expect(page.getByRole('radio', { name: 'Gepubliceerd', exact: true })).toBeChecked();
  await expect(table.getByRole('row')).toHaveCount(26);
  await expect(table.getByText('Gepubliceerd', { exact: true })).toHaveCount(25);
  const after = await apiGet<ListPage>(page, `/api/products?q=${encodeURIComponent(tag)}&published=yes&perPage=100`);
  expect(after.meta.total).toBe(27);
});

// The bar itself ('2 geselecteerd') is checked by the tour (tour.spec.ts) at both widths in both
// languages; its result panel on a wide screen in Dutch by the test above.
test('the bulk bar and its result panel on a phone, in English', async ({ page }) => {
  await page.goto('/');
  const tag = `Shot ${uniqueTag()}`;
  await makeProducts(page, tag, 2);
  await switchLanguage(page, 'EN');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/products?q=${encodeURIComponent(tag)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${tag} 01` }).check();
  await page.getByRole('checkbox', { name: `Select ${tag} 02` }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 selected');
  await shot(page, 'products-selection-390-en');

  // Unpublishing unpublished products: both "already so", nothing skipped.
  await bar.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Unpublish' }).click();
  const result = page.getByTestId('bulk-result');
  await expect(result).toBeVisible();
  await shot(page, 'products-result-390-en');
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(result).toBeHidden();
});
