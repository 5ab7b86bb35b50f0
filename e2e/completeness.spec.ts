import type { Page } from '@playwright/test';
import { expect, test } from './support/axe';
import { apiGet, apiPost, uniqueTag } from './support/catalogue';

/**
 * Catalogue completeness: the products list's completeness column and filter, the
 * editor's panel and the question before an incomplete product is published (answered "no", so
 * the demo data stays as it is). The column and the panel at 1280 and 390 px in Dutch and English
 * are in the tour (tour.spec.ts).
 */

interface ListPage {
  data: { id: number; completeness: { nl: string[]; en: string[] } }[];
  meta: { total: number };
}

test.describe.configure({ timeout: 180_000 });
test.use({ actor: 'admin' });

/** A new, unpublished product with only a Dutch name: incomplete in both languages. */
async function newProduct(page: Page): Promise<{ id: number }> {
  const res = await apiPost(page, '/api/products', { nameNl: `Bijzettafel ${uniqueTag()}` });
  expect(res.status).toBe(201);
  const { id } = (res.body as { data: { id: number } }).data;
  const list = await apiGet<ListPage>(page, `/api/products?complete=en&published=no&perPage=100`);
  expect(list.data.find((p) => p.id === id)?.completeness.en).toEqual([
    'name',
    'description',
    'images',
    'attributes',
    'downloads',
  ]);
  return { id };
}

test('the products list filters on completeness and the editor asks before publishing an incomplete product', async ({
  page,
}) => {
  await page.goto('/');
  // The demo's products are complete: a new one from scratch has only its Dutch name.
  const product = await newProduct(page);

  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Producten' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Volledigheid' }).click();
  await page.getByRole('option', { name: 'Onvolledig in EN' }).click();
  await expect(page).toHaveURL(/[?&]complete=en(&|$)/);
  const table = page.getByRole('table', { name: 'Producten' });
  // Every row shown lacks something in English.
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByText(/^EN ✓$/)).toHaveCount(0);

  await page.goto(`/products/${product.id}`);
  const panel = page.getByTestId('completeness-panel');
  await expect(panel.getByTestId('completeness-en')).toContainText('Ontbreekt in het Engels:');
  await page.getByRole('switch', { name: /^Gepubliceerd in de inspiratiecatalogus/ }).check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Onvolledig product publiceren?' });
  await expect(dialog).toContainText('Dit product mist in het Engels:');
  await expect(dialog).toContainText('Toch publiceren?');
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();
  // Nothing was saved.
  expect((await apiGet<{ data: { published: boolean } }>(page, `/api/products/${product.id}`)).data.published).toBe(false);
  await page.getByRole('button', { name: 'Wijzigingen ongedaan maken' }).click();
});
