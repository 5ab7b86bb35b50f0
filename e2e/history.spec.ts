import { ACCOUNTS, resetAccountLocale, switchLanguage, toast } from './support/app';
import { expect, test } from './support/axe';
import { apiPost, uniqueTag } from './support/catalogue';

/**
 * The history on every editor, seen on a company: the admin changes its city in the
 * editor, opens Geschiedenis and reads Plaats Rotterdam → Vlissingen with their own name, newest
 * first, above the creation. The axe watcher checks the open drawer too. Screenshots (1280 and 390
 * px wide, Dutch and English, the drawer open) go to HISTORY_SHOTS when it is set.
 */

test.describe.configure({ timeout: 180_000 });
test.use({ actor: 'admin' });

test.afterEach(async ({ request }) => {
  // The screenshots switch the admin to English: back to Dutch for the other tests, whatever happened.
  await resetAccountLocale(request, ACCOUNTS.admin, 'nl');
});

/** The admin's name as the demo data has it. */
const ADMIN_NAME = 'Sanne de Vries';

test("an admin changes a company's city and reads it in the history: Plaats old → new, by them", async ({ page }) => {
  await page.goto('/');
  const shots = process.env.HISTORY_SHOTS;
  const name = `Aurora Lines ${uniqueTag()}`;
  const created = await apiPost(page, '/api/companies', {
    name,
    sector: 'cruise',
    primaryColor: '#0B3D91',
    secondaryColor: '#d4a017',
    contactPerson: 'Mara Dekker',
    email: 'info@aurora.test',
    phone: '+31 10 555 0101',
    country: 'Nederland',
    address: 'Wilhelminakade 1',
    zipcode: '3072 AP',
    city: 'Rotterdam',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body as { data: { id: number } }).data.id;

  const main = page.getByRole('main');
  await page.goto(`/companies/${id}`);
  // The first back-office screen of a fresh server loads its chunks and texts: give it time.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await main.getByRole('textbox', { name: /^Plaats/ }).fill('Vlissingen');
  await main.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, name)).toBeVisible();

  await main.getByRole('button', { name: 'Geschiedenis' }).click();
  const drawer = page.getByRole('dialog', { name: 'Geschiedenis' });
  await expect(drawer).toBeVisible();
  const entries = drawer.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  const [changed, made] = [entries.nth(0), entries.nth(1)];
  await expect(changed.getByRole('heading', { name: 'Gewijzigd' })).toBeVisible();
  await expect(changed).toContainText(ADMIN_NAME);
  const city = changed.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Plaats' }) });
  await expect(city).toContainText(/Rotterdam\s*→\s*wordt\s*Vlissingen/);
  // Only what changed is listed.
  await expect(changed.getByRole('rowheader')).toHaveCount(1);
  await expect(made.getByRole('heading', { name: 'Aangemaakt' })).toBeVisible();
  await expect(made.getByRole('rowheader', { name: 'Hoofdkleur' })).toBeVisible();
  await expect(drawer.getByText('2 van 2 wijzigingen')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/history-wide-nl.png` });

  // Closed with Escape, it asks again when it opens: a new change is there at once.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

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
      await page.goto(`/companies/${id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const label = lang === 'nl' ? 'Geschiedenis' : 'History';
      await main.getByRole('button', { name: label }).click();
      const open = page.getByRole('dialog', { name: label });
      await expect(open.getByTestId('history-entry')).toHaveCount(2);
      // The change first, then the creation: both name the city.
      await expect(open.getByRole('rowheader', { name: lang === 'nl' ? 'Plaats' : 'City' })).toHaveCount(2);
      const box = await open.boundingBox();
      // On a phone the drawer takes the whole width.
      if (size === 'phone') expect(box?.width).toBeGreaterThanOrEqual(width - 1);
      if (shots) await page.screenshot({ path: `${shots}/history-${size}-${lang}.png` });
      await page.keyboard.press('Escape');
      await expect(open).toBeHidden();
    }
  }
});
