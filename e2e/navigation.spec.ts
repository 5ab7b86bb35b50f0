import { sidewaysScroll } from './support/app';
import { expect, test } from './support/axe';

// Finding one's way: the skip link, the focus ring, the sidebar and breadcrumbs telling one story,
// and the companies list on a phone (the other lists on a phone are in the tour, tour.spec.ts).
// Nothing here changes data.

test.use({ actor: 'admin' });

test('the first Tab offers "Naar de inhoud", which jumps over the header and the navigation', async ({ page }) => {
  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Bedrijven' })).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Naar de inhoud' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL('/companies');

  // The next stops are in the main content: the breadcrumb, 'Exporteren', 'Statistieken', 'Nieuw bedrijf', the tabs, the search, then the first company.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Exporteren' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Statistieken' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Nieuw bedrijf' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab', { name: 'Actief' })).toBeFocused();
  await page.keyboard.press('Tab');
  const search = page.getByRole('textbox', { name: 'Zoek op naam of plaats' });
  await expect(search).toBeFocused();
  // A field with the focus has a visible ring.
  await expect(search).toHaveCSS('outline-style', 'solid');
  expect(Number.parseFloat(await search.evaluate((e) => getComputedStyle(e).outlineWidth))).toBeGreaterThanOrEqual(2);
});

test('the sidebar, the breadcrumbs and the titles tell the same story in the catalogue', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });

  // Robox is in the settings (the specification: the Robox area's parent is settings), not in the catalogue.
  await nav.getByRole('link', { name: 'Robox-materialen' }).click();
  await expect(page).toHaveURL('/robox/materials');
  await expect(page.getByRole('heading', { level: 1, name: 'Robox-materialen' })).toBeVisible();
  await expect(crumbs).toHaveText(/^Home\s*\/\s*Instellingen\s*\/\s*Robox-materialen$/);
  await expect(nav.getByRole('link', { name: 'Robox-materialen' })).toHaveAttribute('aria-current', 'page');
  // The Instellingen crumb opens the settings, which offer the Robox area too.
  await crumbs.getByRole('link', { name: 'Instellingen' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByRole('main').getByRole('link', { name: /Robox-categorieën/ })).toHaveAttribute(
    'href',
    '/robox/material-categories',
  );
  await page.goto('/');

  await nav.getByRole('link', { name: 'Artikelen synchroniseren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Artikelen synchroniseren' })).toBeVisible();
  await expect(crumbs).toHaveText(/^Home\s*\/\s*Catalogus\s*\/\s*Artikelen\s*\/\s*Artikelen synchroniseren$/);

  await nav.getByRole('link', { name: 'Attributen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Attributen' })).toBeVisible();
  await expect(crumbs).toHaveText(/^Home\s*\/\s*Catalogus\s*\/\s*Attributen$/);

  // The Catalogus crumb opens the catalogue's page, with the sidebar's sections.
  await crumbs.getByRole('link', { name: 'Catalogus' }).click();
  await expect(page).toHaveURL('/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogus' })).toBeVisible();
  await expect(page).toHaveTitle('Catalogus · Outfitting Portal');
  const links = page.getByRole('main').getByRole('link');
  await expect(links.filter({ hasText: 'Attributen' })).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  // After the breadcrumb back home: the sections, in the sidebar's order.
  expect(hrefs).toEqual(['/', '/articles', '/sync', '/products', '/order', '/attributes']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the companies list fits the screen and every company can be acted as from its card', async ({ pageAs }) => {
    const page = await pageAs('projectManager');
    await page.goto('/companies');
    await expect(page.getByRole('heading', { level: 1, name: 'Bedrijven' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Bedrijven' });
    const card = list.getByRole('listitem').filter({ hasText: 'Nordic Star Cruises' });
    const actAs = card.getByRole('button', { name: 'Inloggen als Nordic Star Cruises' });
    await actAs.scrollIntoViewIfNeeded();
    await expect(actAs).toBeInViewport({ ratio: 1 });
    await expect(card.getByText('Cruise', { exact: true })).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);

    // The sort the column headers offer on a wide screen is a select here.
    await page.getByRole('combobox', { name: 'Sorteren op' }).selectOption({ label: 'Naam (aflopend)' });
    await expect(page).toHaveURL(/sort=-name/);
    await expect(list.getByRole('listitem').first()).toContainText('Veluwe Bowling & Events');

    await actAs.click();
    await expect(page.getByRole('status').filter({ hasText: 'Ingelogd als Nordic Star Cruises' })).toBeVisible();
    await page.getByRole('button', { name: 'Stoppen' }).click();
    await expect(page).toHaveURL('/companies');
  });
});
