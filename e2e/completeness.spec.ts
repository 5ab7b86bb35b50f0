import type { Page } from '@playwright/test';
import { ACCOUNTS, logIn, resetAccountLocale, switchLanguage } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, apiPost, uniqueTag } from './support/catalogue';

/**
 * Catalogue completeness (issue 14): the products list's completeness column and filter, the
 * editor's panel and the question before an incomplete product is published (answered "no", so
 * the demo data stays as it is). Screenshots (1280 and 390 px wide, Dutch and English) go to
 * COMPLETENESS_SHOTS when it is set.
 */

interface ListPage {
  data: { id: number; completeness: { nl: string[]; en: string[] } }[];
  meta: { total: number };
}

/** How far the page can be scrolled sideways (0: it fits the window). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe.configure({ timeout: 180_000 });

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

test.afterEach(async ({ request }) => {
  await resetAccountLocale(request, ACCOUNTS.admin, 'nl');
});

test('the products list filters on completeness and the editor asks before publishing an incomplete product', async ({
  page,
}) => {
  await logIn(page, ACCOUNTS.admin);
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

test('the completeness column and panel on a wide screen and a phone, in Dutch and English', async ({ page }) => {
  await logIn(page, ACCOUNTS.admin);
  const shots = process.env.COMPLETENESS_SHOTS;
  const product = await newProduct(page);
  for (const lang of ['nl', 'en'] as const) {
    if (lang === 'en') {
      await page.goto('/');
      await switchLanguage(page, 'EN');
    }
    for (const [size, width] of [
      ['wide', 1280],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/products');
      await expect(page.getByRole('heading', { level: 1, name: lang === 'nl' ? 'Producten' : 'Products' })).toBeVisible();
      await expect(page.getByText(/^(NL|EN) (✓|\d+ (ontbreekt|ontbreken|missing))$/).first()).toBeVisible();
      await expect
        .poll(() => sidewaysScroll(page), { message: `${lang} ${size}: the list scrolls sideways` })
        .toBeLessThanOrEqual(0);
      if (shots) await page.screenshot({ path: `${shots}/products-list-${size}-${lang}.png`, fullPage: width < 1000 });

      await page.goto(`/products/${product.id}`);
      await expect(page.getByTestId('completeness-panel')).toBeVisible();
      await expect
        .poll(() => sidewaysScroll(page), { message: `${lang} ${size}: the editor scrolls sideways` })
        .toBeLessThanOrEqual(0);
      if (shots) await page.screenshot({ path: `${shots}/product-editor-${size}-${lang}.png` });
    }
  }
});
