import type { Page } from '@playwright/test';
import { expect, test } from './support/axe';

test.use({ actor: 'projectManager' });

const actingKeys = (page: Page) =>
  page.evaluate(() => ({ id: localStorage.getItem('Acting-As'), name: localStorage.getItem('Acting-As-Name') }));

test('a project manager acts as a company in its portal, through a reload, and stops', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Bedrijven' }).click();
  await expect(page).toHaveURL('/companies');
  await expect(page.getByRole('heading', { name: 'Bedrijven', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Inloggen als Nordic Star Cruises' }).click();

  const toolbar = page.getByRole('status').filter({ hasText: 'Ingelogd als Nordic Star Cruises' });
  await expect(toolbar).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByText('Nordic Star Cruises', { exact: true })).toBeVisible();
  await expect(page.getByText('Welkom bij het portaal van Nordic Star Cruises.')).toBeVisible();
  // An employee acting as a company never gets the customer's first-login welcome.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await actingKeys(page)).toEqual({ id: expect.stringMatching(/^[1-9]\d*$/), name: 'Nordic Star Cruises' });

  await page.reload();
  await expect(toolbar).toBeVisible();
  await expect(page.getByRole('banner').getByText('Nordic Star Cruises', { exact: true })).toBeVisible();
  await expect(page.getByText('Welkom bij het portaal van Nordic Star Cruises.')).toBeVisible();

  // The company's product images load, through addresses that carry the acting view (an <img>
  // cannot send Acting-As): what the company sees, not what the employee may see.
  await page.goto('/company-products');
  const image = page.locator('main img[src*="/api/media/"]').first();
  await expect(image).toHaveAttribute('src', /\/api\/media\/\d+\/thumb\?view=\d+\.\d+\.[\w-]{22}$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.goto('/');

  await toolbar.getByRole('button', { name: 'Stoppen' }).click();
  await expect(page).toHaveURL('/companies');
  await expect(page.getByRole('heading', { name: 'Bedrijven', exact: true })).toBeVisible();
  await expect(page.getByText('Ingelogd als Nordic Star Cruises')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Inloggen als Nordic Star Cruises' })).toBeEnabled();
  expect(await actingKeys(page)).toEqual({ id: null, name: null });

  // Still the back office after a reload: nothing of the company was kept.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bedrijven', exact: true })).toBeVisible();
  await expect(page.getByText('Ingelogd als Nordic Star Cruises')).toHaveCount(0);
});

test('a back-office address opened while acting says where it belongs and stops acting on request', async ({ page }) => {
  await page.goto('/companies');
  await page.getByRole('button', { name: 'Inloggen als Nordic Star Cruises' }).click();
  const toolbar = page.getByRole('status').filter({ hasText: 'Ingelogd als Nordic Star Cruises' });
  await expect(toolbar).toBeVisible();

  // An old tab or a bookmark of the back office, while still acting as the company.
  await page.goto('/companies?sector=cruise');
  await expect(page.getByRole('heading', { level: 1, name: 'Deze pagina hoort bij de back office' })).toBeVisible();
  await expect(page.getByText('Je kijkt nu mee als Nordic Star Cruises.', { exact: false })).toBeVisible();
  await expect(page).toHaveTitle('Deze pagina hoort bij de back office · Outfitting Portal');
  await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toHaveCount(0);

  // Going on in the portal keeps acting.
  await page.getByRole('link', { name: 'Terug naar het portaal' }).click();
  await expect(page).toHaveURL('/');
  await expect(toolbar).toBeVisible();

  // Stopping opens the address in the back office.
  await page.goto('/companies?sector=leisure');
  await page.getByRole('button', { name: 'Stoppen met meekijken en openen' }).click();
  await expect(page).toHaveURL('/companies?sector=leisure');
  await expect(page.getByRole('heading', { level: 1, name: 'Bedrijven' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Leisure' })).toBeChecked();
  await expect(page.getByText('Ingelogd als Nordic Star Cruises')).toHaveCount(0);
  expect(await actingKeys(page)).toEqual({ id: null, name: null });
});
