import type { Page } from '@playwright/test';
import type { Page as ListPage } from '../packages/shared/src/platform/http.ts';
import type { PublicProductCard } from '../packages/shared/src/products/products.ts';
import { switchLanguage } from './support/app';
import { expect, test } from './support/axe';

// The inspiration catalogue's search and order, as a signed-out visitor uses them. The catalogue
// tests change which products are published and their order (see README), so this test reads what
// to expect from the public API at the moment it runs instead of relying on the demo's list.

const HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** The names the public API answers for this query string, as the cards show them. */
async function expectedNames(page: Page, query: string, lang: 'nl' | 'en'): Promise<string[]> {
  const res = await page.request.get(`/api/public/products?perPage=24&${query}`, { headers: HEADERS });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as ListPage<PublicProductCard>;
  return body.data.map((p) => (lang === 'en' && p.nameEn.trim() ? p.nameEn : p.nameNl));
}

const cards = (page: Page, list: 'Producten' | 'Products' = 'Producten') =>
  page.getByRole('list', { name: list }).getByTestId('product-card');

test('a visitor searches the catalogue and sorts it; both stay in the address', async ({ page }) => {
  await page.goto('/public/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Producten' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Zoeken' });
  const sort = page.getByRole('combobox', { name: 'Sorteren' });
  await expect(sort).toHaveValue('order');

  // A word from the name of a published product: it is found, with whatever else has the word.
  const all = await expectedNames(page, 'sort=name&lang=nl', 'nl');
  const word = (all.find((n) => /stoel/i.test(n)) ? 'stoel' : (all[0]?.split(' ')[0] ?? '')).toLowerCase();
  await search.fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}(&|$)`));
  const found = await expectedNames(page, `q=${word}&lang=nl`, 'nl');
  expect(found.length).toBeGreaterThan(0);
  await expect(cards(page)).toHaveText(found);
  await expect(page.getByText(new RegExp(`^${found.length} (product|producten) voor ‘${word}’$`))).toBeVisible();

  // Name Z-A: the same products, in the order the API gives for it.
  await sort.selectOption({ label: 'Naam (Z-A)' });
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
  const zToA = await expectedNames(page, `q=${word}&sort=-name&lang=nl`, 'nl');
  await expect(cards(page)).toHaveText(zToA);
  expect([...zToA].sort()).toEqual([...found].sort());

  // A reload (or a shared link) shows the same.
  await page.reload();
  await expect(search).toHaveValue(word);
  await expect(sort).toHaveValue('-name');
  await expect(cards(page)).toHaveText(zToA);

  // In English the names and their order are English.
  await switchLanguage(page, 'EN');
  const english = await expectedNames(page, `q=${word}&sort=-name&lang=en`, 'en');
  await expect(cards(page, 'Products')).toHaveText(english);

  // Newest first, and back to the recommended (manual) order, which leaves the address.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Newest first' });
  await expect(page).toHaveURL(/[?&]sort=newest(&|$)/);
  await expect(cards(page, 'Products')).toHaveText(await expectedNames(page, `q=${word}&sort=newest&lang=en`, 'en'));
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Recommended' });
  await expect(page).not.toHaveURL(/sort=/);
});

test('a search that finds nothing says so and is cleared in one click', async ({ page }) => {
  await page.goto('/public/products?q=xyzzy-niets');
  await expect(page.getByText('Niets gevonden voor ‘xyzzy-niets’')).toBeVisible();
  await page.getByRole('button', { name: 'Zoekopdracht wissen' }).click();
  await expect(page).toHaveURL('/public/products');
  await expect(page.getByRole('searchbox', { name: 'Zoeken' })).toHaveValue('');
  await expect(cards(page).first()).toBeVisible();
});

test('the catalogue arrives as HTML with its products; the app takes it over without asking for them again', async ({
  page,
  browser,
  baseURL,
}) => {
  const expected = await expectedNames(page, '', 'nl');
  // Before any script has run (here: none ever runs), the cards, the search and the sort are there.
  const bare = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await bare.newPage();
  await plain.goto('/public/products');
  await expect(plain.getByRole('heading', { level: 1, name: 'Producten' })).toBeVisible();
  await expect(cards(plain)).toHaveText(expected);
  await expect(plain.getByRole('searchbox', { name: 'Zoeken' })).toBeVisible();
  await bare.close();

  // With scripts: the app starts with the answers in the page; it asks the API only for what is new.
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/public/')) asked.push(url.pathname + url.search);
  });
  await page.goto('/public/products');
  await expect(cards(page)).toHaveText(expected);
  // A filter pressed at once, maybe before the app is there, is applied (pressed again by the app).
  const filter = page.getByTestId('catalogue-filters').getByRole('button', { pressed: false }).first();
  const filterName = (await filter.textContent())?.trim() ?? '';
  await filter.click();
  await expect(page).toHaveURL(/[?&](areas|categories|features|materials|preferences)=/);
  await expect(page.getByTestId('catalogue-filters').getByRole('button', { name: filterName, pressed: true })).toBeVisible();
  expect(asked.filter((u) => !/(areas|categories|features|materials|preferences)=/.test(u))).toEqual([]);
});
