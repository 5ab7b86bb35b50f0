import type { Page } from '@playwright/test';
import type { Page as ListPage } from '../packages/shared/src/platform/http.ts';
import type { ProductListItem } from '../packages/shared/src/products/products.ts';
import { ACCOUNTS, logIn } from './support/app';
import { expect, test } from './support/axe';
import { apiGet } from './support/catalogue';

// The edit screens as Sanne (every permission) sees them on a laptop and on a phone.

/** Some product of the demo data (it makes 40 from its articles on the first start). */
async function someProductId(page: Page): Promise<number> {
  const list = await apiGet<ListPage<ProductListItem>>(page, '/api/products?page=1&perPage=1');
  const first = list.data[0];
  if (!first) throw new Error('the demo data has no products');
  return first.id;
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the product editor's image pickers show their buttons' labels whole at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await logIn(page, ACCOUNTS.admin);
    await page.goto(`/products/${await someProductId(page)}`);
    const choose = page.getByRole('button', { name: /^Kies uit galerij voor / });
    await expect(choose).toHaveCount(3);
    for (const button of await choose.all()) {
      await button.scrollIntoViewIfNeeded();
      await expect(button).toHaveText('Kies uit galerij');
      // The label is cut off (Mantine truncates it) when its text is wider than the room it gets.
      const cut = await button.evaluate((el) => {
        const label = el.querySelector<HTMLElement>('.mantine-Button-label') ?? el;
        return label.scrollWidth > label.clientWidth + 1;
      });
      expect(cut).toBe(false);
    }
  });
}

test('an article address with an id that cannot exist shows the not-found page without asking the server', async ({ page }) => {
  await logIn(page, ACCOUNTS.admin);
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/articles') || path.startsWith('/api/breadcrumbs')) asked.push(path);
  });
  await page.goto('/articles/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeVisible();
  await expect(page).toHaveTitle('Pagina niet gevonden · Outfitting Portal');
  expect(asked).toEqual([]);
});
