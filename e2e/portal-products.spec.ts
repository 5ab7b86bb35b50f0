import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ACCOUNTS, API_HEADERS, apiLogin, getJson, xsrfToken } from './support/app';
import { expect, test } from './support/axe';

// The portal's product pages: Emma (Nordic Star Cruises) scrolls her company's products
// page after page, filters them by type and project (kept in the address as JSON, so a reload
// keeps them), opens an order line, and downloads a tearsheet from the product files. The admin
// first makes sure Nordic Star has more than one page of products and one with a tearsheet
// (assigning catalogue products over the API when the demo has too few); nothing else changes.
// password-reset.spec.ts (which runs first in a full run) changes Emma's password and dismisses her
// welcome; this file works with either password and either state.

/** A demo product with a tearsheet (apps/server/src/demo/catalogue.ts). */
const WITH_TEARSHEET = 'Havana';

/** A screenshot for a person to look at, into PORTAL_PRODUCTS_SHOTS when it is set (e.g. /tmp/shots/h2). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.PORTAL_PRODUCTS_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * As the admin: Nordic Star gets the demo product with a tearsheet and, when it has 24 products
 * or fewer, catalogue products until it has more than one page (an already assigned one is a 400).
 */
async function enoughProducts(request: APIRequestContext): Promise<void> {
  expect(await apiLogin(request, ACCOUNTS.admin)).toBe(true);
  const companies = await getJson<{ data: { id: number; name: string }[] }>(request, '/api/companies?q=Nordic');
  const nordic = companies.data.find((c) => c.name === 'Nordic Star Cruises');
  if (!nordic) throw new Error('Nordic Star Cruises is not in the demo');
  const assign = async (productId: number) =>
    request.post(`/api/companies/${nordic.id}/products`, {
      headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(request) },
      data: { productId, reference: `E2E-${productId}` },
    });
  const sheet = await getJson<{ data: { id: number; name: string }[] }>(
    request,
    `/api/companies/${nordic.id}/product-options?q=${WITH_TEARSHEET}`,
  );
  const havana = sheet.data[0];
  if (!havana) throw new Error(`no product named ${WITH_TEARSHEET}`);
  await assign(havana.id);
  const list = await getJson<{ meta: { total: number } }>(request, `/api/companies/${nordic.id}/products?perPage=1`);
  let total = list.meta.total;
  if (total > 30) return;
  const options = await getJson<{ data: { id: number }[] }>(request, `/api/companies/${nordic.id}/product-options?q=`);
  for (const o of options.data) {
    if (total > 30) break;
    if ((await assign(o.id)).ok()) total += 1;
  }
  expect(total).toBeGreaterThan(24);
}

/** The product cards on the page (each a link in a list item of a type's section). */
const cards = (page: Page): Locator => page.getByTestId('product-card');

/** The JSON value of a query parameter of the page's address. */
const jsonParam = (page: Page, name: string): unknown => {
  const raw = new URL(page.url()).searchParams.get(name);
  return raw === null ? null : JSON.parse(raw);
};

/** Picks an option of a Mantine multi-select (the first, or the first matching `name`); answers its label. */
async function pick(page: Page, label: string, name?: RegExp): Promise<string> {
  await page.getByRole('combobox', { name: label }).click();
  const option = (name ? page.getByRole('option', { name }) : page.getByRole('option')).first();
  await expect(option).toBeVisible();
  const text = (await option.textContent())?.trim() ?? '';
  await option.click();
  await page.keyboard.press('Escape');
  return text;
}

test.describe.configure({ timeout: 240_000 });
test.use({ actor: 'emma' });

test('Emma scrolls her products page by page, filters them in the address, opens an order line and downloads a tearsheet', async ({
  page,
  request,
}) => {
  await enoughProducts(request);

  // The products, 24 at first, grouped by type.
  await page.goto('/company-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Jouw producten' })).toBeVisible();
  await expect(cards(page)).toHaveCount(24);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByText(/^24 van \d+ producten$/)).toBeVisible();
  await shot(page, 'products-desktop');

  // Scrolling to the end loads the next page; "Meer laden" (by keyboard) loads any further one.
  await page.getByRole('button', { name: 'Meer laden' }).scrollIntoViewIfNeeded();
  await expect.poll(async () => cards(page).count()).toBeGreaterThan(24);
  const more = page.getByRole('button', { name: 'Meer laden' });
  while (await more.isVisible()) {
    const before = await cards(page).count();
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => cards(page).count()).toBeGreaterThan(before);
  }
  const all = await cards(page).count();
  await expect(page.getByText(`${all} van ${all} producten`)).toBeVisible();

  // A project: the address keeps it as JSON, the list starts again with that project's products.
  await pick(page, 'Projecten');
  await expect.poll(() => (jsonParam(page, 'projects') as number[] | null)?.length).toBe(1);
  // The project's list has replaced the whole one (the products assigned above have no project),
  // so the type read below is one of the project's.
  await expect(page.getByText(`${all} van ${all} producten`)).toBeHidden();
  await expect(cards(page).first()).toBeVisible();
  // And one of the types shown for it.
  const typeName = ((await page.getByRole('heading', { level: 2 }).first().textContent()) ?? '').trim();
  const escaped = typeName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await pick(page, 'Soorten', new RegExp(`^${escaped} \\(\\d+\\)$`));
  await expect.poll(() => jsonParam(page, 'types')).toEqual([typeName === 'Onbekend' ? '' : typeName]);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: typeName })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const filtered = new URL(page.url()).search;
  expect(decodeURIComponent(filtered)).toMatch(/projects=\[\d+\]/);
  expect(decodeURIComponent(filtered)).toMatch(/types=\[".+"\]/);

  // A reload shows the same list and filters.
  const shown = await cards(page).count();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Jouw producten' })).toBeVisible();
  expect(new URL(page.url()).search).toBe(filtered);
  await expect(cards(page)).toHaveCount(shown);
  await expect(page.getByRole('button', { name: 'Filters wissen' })).toBeVisible();
  await shot(page, 'products-filtered-desktop');

  // Clearing the filters gives the whole list back, from the first page.
  await page.getByRole('button', { name: 'Filters wissen' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await expect(cards(page)).toHaveCount(24);

  // An order line: the card of a product on one opens it, with where it sits.
  const lineCard = cards(page).and(page.locator('[href^="/company-products/"]')).first();
  const lineName = (await lineCard.locator('p').first().textContent())?.trim() ?? '';
  await lineCard.click();
  await expect(page).toHaveURL(/\/company-products\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: lineName })).toBeVisible();
  const where = page.getByRole('region', { name: 'Waar' });
  await expect(where.getByRole('link').first()).toHaveAttribute('href', /^\/project\/\d+$/);
  await expect(where.getByRole('link').nth(2)).toHaveAttribute('href', /^\/task\/\d+$/);
  await expect(where.getByRole('link').nth(3)).toHaveAttribute('href', /^\/task\/\d+\/subtask\/\d+$/);
  await expect(page.getByRole('region', { name: 'Jullie product' })).toContainText('Jullie referentie');
  await shot(page, 'order-line-desktop');

  // The product files: search the tearsheet and download it.
  await page.goto('/product-files');
  await expect(page.getByRole('heading', { level: 1, name: 'Productbestanden' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(WITH_TEARSHEET);
  await expect(page).toHaveURL(new RegExp(`q=${WITH_TEARSHEET}`));
  const row = page.getByRole('row').filter({ hasText: 'Tearsheet' }).first();
  await expect(row).toBeVisible();
  await shot(page, 'product-files-desktop');
  const [response, download] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/tearsheet')),
    page.waitForEvent('download'),
    row.getByRole('button', { name: /downloaden$/ }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\//);
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename=/);
  expect(download.suggestedFilename()).toMatch(/tearsheet/i);
  await expect(page.getByRole('alert').filter({ hasText: 'is gedownload' })).toBeVisible();

  // The product's own page: images, the company's reference, its files.
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product-files\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(WITH_TEARSHEET) })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Bestanden/ }).getByRole('button', { name: /downloaden$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Jullie gegevens' })).toContainText('Jullie referentie');
  await shot(page, 'product-desktop');

  // On a phone: the same pages fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await fits();
  await shot(page, 'product-390');
  await page.goto('/product-files');
  await expect(page.getByRole('heading', { level: 1, name: 'Productbestanden' })).toBeVisible();
  await expect(page.getByRole('button', { name: /downloaden$/ }).first()).toBeVisible();
  await fits();
  await shot(page, 'product-files-390');
  await page.goto('/company-products');
  await expect(cards(page)).toHaveCount(24);
  await fits();
  await shot(page, 'products-390');
  await cards(page).and(page.locator('[href^="/company-products/"]')).first().click();
  await expect(page.getByRole('region', { name: 'Waar' })).toBeVisible();
  await fits();
  await shot(page, 'order-line-390');
});
