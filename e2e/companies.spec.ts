import type { Page } from '@playwright/test';
import { toast } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, uniqueTag } from './support/catalogue';

/**
 * The companies screens: an account manager adds a client company with its colours,
 * edits it, archives it (after a question that says its users are signed out), finds it under
 * Gearchiveerd and restores it. Every test makes its own company, so the demo companies never
 * change. Screenshots of its steps go to COMPANIES_SHOTS when it is set; the list and a company at
 * 1280 and 390 px in Dutch and English are in the tour (tour.spec.ts).
 */

interface StoredCompany {
  id: number;
  name: string;
  sector: string;
  primaryColor: string;
  secondaryColor: string;
  city: string | null;
  email: string | null;
  archivedAt: string | null;
  version: number;
}

const stored = async (page: Page, id: number) => (await apiGet<{ data: StoredCompany }>(page, `/api/companies/${id}`)).data;

test.describe.configure({ timeout: 180_000 });
test.use({ actor: 'admin' });

test('an account manager adds a company, edits it, archives it, finds it under Gearchiveerd and restores it', async ({
  page,
}) => {
  const shots = process.env.COMPANIES_SHOTS;
  const name = `Baltic Ferries ${uniqueTag()}`;
  const main = page.getByRole('main');
  const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });

  // Create.
  await page.goto('/companies');
  await page.getByRole('link', { name: 'Nieuw bedrijf' }).click();
  await expect(page).toHaveURL('/companies/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuw bedrijf' })).toBeVisible();
  await expect(crumbs).toHaveText(/^Home\s*\/\s*Bedrijven\s*\/\s*Nieuw bedrijf$/);
  // Nothing filled in: the form says what is missing and sends nothing.
  await main.getByRole('button', { name: 'Bedrijf aanmaken' }).click();
  await expect(main.getByText('Geef het bedrijf een naam.')).toBeVisible();
  await expect(main.getByText('Kies de sector van het bedrijf.')).toBeVisible();

  await main.getByRole('textbox', { name: /^Naam/ }).fill(name);
  await main.getByRole('radio', { name: 'Leisure' }).check();
  const primary = main.getByRole('textbox', { name: /^Hoofdkleur/ });
  await primary.fill('#0B3954');
  await primary.press('Escape');
  const secondary = main.getByRole('textbox', { name: /^Accentkleur/ });
  await secondary.fill('#f2c14e');
  await secondary.press('Escape');
  await main.getByRole('textbox', { name: /^Contactpersoon/ }).fill('Lotte Jansen');
  await main.getByRole('textbox', { name: /^E-mailadres/ }).fill('Info@Baltic-Ferries.test');
  await main.getByRole('textbox', { name: /^Plaats/ }).fill('Harlingen');
  await main.getByRole('textbox', { name: /^Land/ }).fill('Nederland');
  const preview = main.getByRole('img', { name: 'Voorbeeld van de kop van het portaal in deze kleuren' });
  await expect(preview).toContainText(name);
  await expect(main.getByText(/Het portaal kiest zelf leesbare tekst: wit op de hoofdkleur/)).toBeVisible();
  await main.getByRole('button', { name: 'Bedrijf aanmaken' }).click();
  await expect(toast(page, `${name} is aangemaakt.`)).toBeVisible();
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(crumbs).toHaveText(new RegExp(`^Home\\s*/\\s*Bedrijven\\s*/\\s*${name}$`));
  expect(await stored(page, id)).toMatchObject({
    name,
    sector: 'leisure',
    primaryColor: '#0b3954',
    secondaryColor: '#f2c14e',
    email: 'info@baltic-ferries.test',
    city: 'Harlingen',
    archivedAt: null,
  });

  // Edit: a main colour as light as the accent is warned about (the underline would vanish), a darker one is saved.
  await primary.fill('#f2c14e');
  await primary.press('Escape');
  await expect(main.getByText(/De accentkleur valt weg tegen de hoofdkleur/)).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/companies-contrast-warning.png`, fullPage: true });
  await primary.fill('#14532d');
  await primary.press('Escape');
  await expect(main.getByText(/De accentkleur valt weg tegen de hoofdkleur/)).toHaveCount(0);
  await main.getByRole('textbox', { name: /^Plaats/ }).fill('Terschelling');
  await main.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, `${name} is opgeslagen.`)).toBeVisible();
  await page.reload();
  await expect(main.getByRole('textbox', { name: /^Plaats/ })).toHaveValue('Terschelling');
  await expect(main.getByRole('textbox', { name: /^Hoofdkleur/ })).toHaveValue('#14532d');

  // Archive, after a question that says what happens to its users.
  await main.getByRole('button', { name: 'Archiveren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bedrijf archiveren?' });
  await expect(dialog).toContainText(`${name} verdwijnt uit de lijst en uit de keuzelijsten.`);
  await expect(dialog).toContainText('Het heeft nog geen gebruikers.');
  await dialog.getByRole('button', { name: 'Archiveren' }).click();
  await expect(toast(page, `${name} is gearchiveerd.`)).toBeVisible();
  await expect(main.getByText('Dit bedrijf is gearchiveerd')).toBeVisible();
  await expect(main.getByRole('button', { name: /^Inloggen als/ })).toHaveCount(0);
  expect((await stored(page, id)).archivedAt).not.toBeNull();
  if (shots) await page.screenshot({ path: `${shots}/companies-archived.png`, fullPage: true });

  // Gone from the active list, found under Gearchiveerd.
  await crumbs.getByRole('link', { name: 'Bedrijven' }).click();
  await expect(page).toHaveURL('/companies');
  await main.getByRole('textbox', { name: 'Zoek op naam of plaats' }).fill(name);
  await expect(page).toHaveURL(/q=/);
  await expect(main.getByText('Geen bedrijven gevonden')).toBeVisible();
  await main.getByRole('tab', { name: 'Gearchiveerd' }).click();
  await expect(page).toHaveURL(/tab=archived/);
  const row = main.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/companies-archived-list.png`, fullPage: true });
  await row.getByRole('button', { name: `${name} terugzetten` }).click();
  await expect(toast(page, `${name} is teruggezet. De gebruikers kunnen weer inloggen.`)).toBeVisible();
  await expect(main.getByText('Geen bedrijven gevonden')).toBeVisible();
  expect((await stored(page, id)).archivedAt).toBeNull();

  // Back among the active companies, with its link.
  await main.getByRole('tab', { name: 'Actief' }).click();
  await expect(page).not.toHaveURL(/tab=/);
  await main.getByRole('link', { name }).click();
  await expect(page).toHaveURL(`/companies/${id}`);
  await expect(main.getByRole('button', { name: `Inloggen als ${name}` })).toBeVisible();
});
