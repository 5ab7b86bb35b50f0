import { expect, test } from './support/axe';

test.use({ actor: 'admin' });

// An editor's address with an id that cannot exist. The product editor's image pickers (their
// labels whole at 1280 and 390 px, in Dutch and English) are checked by the tour (tour.spec.ts).

test('an article address with an id that cannot exist shows the not-found page without asking the server', async ({ page }) => {
  await page.goto('/');
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
