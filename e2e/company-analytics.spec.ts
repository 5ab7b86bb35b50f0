import type { Page } from '@playwright/test';
import { sidewaysScroll, toast } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, apiPost, expectImageLoaded, solidPng, uniqueTag } from './support/catalogue';

/**
 * The back office's side of the client companies: the analytics page ('Statistieken')
 * over the demo's three months of portal use, the retention of the raw events, a company's logo
 * (uploaded, seen in the brand preview, removed) and the home page's 'Klanten' block (act as a
 * company from there). Screenshots (1280 and 390 px wide) go to ANALYTICS_SHOTS when it is set.
 */

const shots = process.env.ANALYTICS_SHOTS;

/** A figure of the totals as a number ('1.234' in Dutch). */
async function total(page: Page, label: string): Promise<number> {
  const card = page.getByTestId('analytics-totals').locator('.mantine-Card-root').filter({ hasText: label });
  const text = (await card.locator('p').last().textContent()) ?? '';
  return Number(text.replace(/\./g, ''));
}

test.describe.configure({ timeout: 120_000 });
test.use({ actor: 'admin' });

test('an admin reads the statistics of the demo period, changes the period and sets the retention', async ({ page }) => {
  await page.goto('/companies');
  await page.getByRole('link', { name: 'Statistieken' }).click();
  await expect(page).toHaveURL('/companies/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistieken' })).toBeVisible();
  await expect(page).toHaveTitle(/^Statistieken/);

  // The last 30 days of the demo: page views and logins of both demo companies.
  await expect(page.getByTestId('analytics-totals')).toBeVisible();
  const views30 = await total(page, 'Paginaweergaven');
  expect(views30).toBeGreaterThan(0);
  expect(await total(page, 'Inlogs')).toBeGreaterThan(0);
  await expect(page.getByTestId('analytics-chart').locator('svg[role="img"]')).toBeVisible();
  await expect(page.getByTestId('analytics-chart').locator('rect[data-day]')).toHaveCount(30);
  const companies = page.getByTestId('analytics-companies');
  await expect(companies.getByRole('link', { name: 'Nordic Star Cruises' })).toBeVisible();
  await expect(companies.getByRole('link', { name: 'Dunes Leisure Resorts' })).toBeVisible();
  const top = page.getByTestId('analytics-top-pages');
  await expect(top.getByText('Home', { exact: true })).toBeVisible();
  await expect(top.locator('li')).not.toHaveCount(0);

  // Hovering a day shows its figures.
  await page.getByTestId('analytics-chart').locator('rect[data-day]').nth(20).hover();
  await expect(page.getByTestId('analytics-chart-tooltip')).toContainText('paginaweergave');

  // Per day: as many rows as days.
  await page.getByRole('tab', { name: 'Per dag' }).click();
  await expect(page.getByTestId('analytics-days').locator('tbody tr')).toHaveCount(30);
  await page.getByRole('tab', { name: 'Per bedrijf' }).click();
  if (shots) await page.screenshot({ path: `${shots}/analytics-wide.png`, fullPage: true });

  // The last 90 days hold more than the last 30; the address keeps the choice.
  await page.getByText('Laatste 90 dagen').click();
  await expect(page).toHaveURL('/companies/analytics?period=90');
  await expect(page.getByTestId('analytics-chart').locator('rect[data-day]')).toHaveCount(90);
  await expect.poll(() => total(page, 'Paginaweergaven')).toBeGreaterThan(views30);
  await page.reload();
  await expect(page.getByTestId('analytics-chart').locator('rect[data-day]')).toHaveCount(90);

  // One company only.
  await page.getByRole('combobox', { name: 'Bedrijf' }).click();
  await page.getByRole('option', { name: 'Dunes Leisure Resorts' }).click();
  await expect(page).toHaveURL(/company=\d+/);
  await expect(companies.getByRole('link', { name: 'Dunes Leisure Resorts' })).toBeVisible();
  await expect(companies.getByRole('link', { name: 'Nordic Star Cruises' })).toHaveCount(0);

  // A typed period: checked before it is asked for, then shown.
  await page.getByText('Zelf kiezen').click();
  const to = page.getByLabel('Tot en met');
  const from = page.getByLabel(/^Van/);
  const today = new Date();
  const iso = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
  const twoWeeksAgo = iso(new Date(today.getTime() - 14 * 86_400_000));
  const weekAgo = iso(new Date(today.getTime() - 7 * 86_400_000));
  await from.fill(weekAgo);
  await to.fill(twoWeeksAgo);
  await page.getByRole('button', { name: 'Toon periode' }).click();
  await expect(page.getByText('De einddatum ligt voor de begindatum.')).toBeVisible();
  await from.fill(twoWeeksAgo);
  await to.fill(weekAgo);
  await page.getByRole('button', { name: 'Toon periode' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${twoWeeksAgo}&to=${weekAgo}`));
  await expect(page.getByTestId('analytics-chart').locator('rect[data-day]')).toHaveCount(8);

  // The retention: refused below 30 days in words, saved with a toast, put back afterwards.
  const before = (await apiGet<{ data: { retentionDays: number; version: number } }>(page, '/api/analytics/settings')).data;
  const field = page.getByRole('textbox', { name: /Ruwe gegevens bewaren/ });
  await field.fill('10');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Bewaar de gegevens minstens 30 dagen.')).toBeVisible();
  await field.fill('500');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, 'Ruwe gegevens worden nu 500 dagen bewaard.')).toBeVisible();
  const saved = (await apiGet<{ data: { retentionDays: number; version: number } }>(page, '/api/analytics/settings')).data;
  expect(saved.retentionDays).toBe(500);
  const back = await page.request.put('/api/analytics/settings', {
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'X-XSRF-TOKEN': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''),
    },
    data: { retentionDays: before.retentionDays, version: saved.version },
  });
  expect(back.ok()).toBe(true);

  // A phone: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/companies/analytics?period=30');
  await expect(page.getByTestId('analytics-chart').locator('rect[data-day]')).toHaveCount(30);
  await expect.poll(() => sidewaysScroll(page), { message: 'the analytics page scrolls sideways' }).toBeLessThanOrEqual(0);
  if (shots) await page.screenshot({ path: `${shots}/analytics-phone.png`, fullPage: true });
});

test('an admin uploads a logo for a company, sees it in the brand preview and removes it', async ({ page }) => {
  await page.goto('/');
  const name = `Logo Rederij ${uniqueTag()}`;
  const made = await apiPost(page, '/api/companies', { name, sector: 'cruise' });
  expect(made.status).toBe(201);
  const id = (made.body as { data: { id: number } }).data.id;

  await page.goto(`/companies/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const preview = page.getByTestId('brand-preview');
  await expect(preview.locator('img')).toHaveCount(0);

  await page.getByLabel('Logo uploaden').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: solidPng(120, 60, [200, 40, 40]),
  });
  await expect(toast(page, `Het logo van ${name} is opgeslagen.`)).toBeVisible();
  await expectImageLoaded(preview.locator('img'));
  await expect(page.getByRole('button', { name: 'Logo vervangen' })).toBeVisible();
  expect((await apiGet<{ data: { logo: string | null } }>(page, `/api/companies/${id}`)).data.logo).toMatch(/^\/api\/media\//);
  // Still there after a reload: saved on its own, not with the form.
  await page.reload();
  await expectImageLoaded(page.getByTestId('brand-preview').locator('img'));
  if (shots) await page.screenshot({ path: `${shots}/company-logo-wide.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysScroll(page), { message: 'the company page scrolls sideways' }).toBeLessThanOrEqual(0);
  if (shots) await page.screenshot({ path: `${shots}/company-logo-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Removing asks first.
  await page.getByRole('button', { name: 'Logo weghalen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logo weghalen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Logo weghalen' }).click();
  await expect(toast(page, `Het logo van ${name} is weggehaald.`)).toBeVisible();
  await expect(page.getByTestId('brand-preview').locator('img')).toHaveCount(0);
  expect((await apiGet<{ data: { logo: string | null } }>(page, `/api/companies/${id}`)).data.logo).toBeNull();
});

test('from the home page an admin acts as a company chosen in the Klanten block, and stops', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/');
  const block = page.getByRole('region', { name: 'Klanten' });
  await expect(block).toBeVisible();
  await expect(block.getByRole('link', { name: 'Klant toevoegen' })).toHaveAttribute('href', '/companies/new');
  await expect(block.getByRole('button', { name: 'Meekijken', exact: true })).toBeDisabled();
  if (shots) await page.screenshot({ path: `${shots}/home-clients-wide.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysScroll(page), { message: 'the home page scrolls sideways' }).toBeLessThanOrEqual(0);
  if (shots) await page.screenshot({ path: `${shots}/home-clients-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const picker = block.getByRole('combobox', { name: 'Meekijken als klant' });
  await picker.fill('nordic');
  await page.getByRole('option', { name: 'Nordic Star Cruises' }).click();
  await block.getByRole('button', { name: 'Meekijken', exact: true }).click();

  const toolbar = page.getByRole('status').filter({ hasText: 'Ingelogd als Nordic Star Cruises' });
  await expect(toolbar).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByText('Nordic Star Cruises', { exact: true })).toBeVisible();

  await toolbar.getByRole('button', { name: 'Stoppen' }).click();
  await expect(page).toHaveURL('/companies');
  await expect(page.getByText('Ingelogd als Nordic Star Cruises')).toHaveCount(0);
});
