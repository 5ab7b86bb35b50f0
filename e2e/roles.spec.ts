import type { Page } from '@playwright/test';
import { closeToast, toast } from './support/app';
import { expect, test } from './support/axe';

/** Creates a role through 'Nieuwe rol' with one permission and returns on its edit page. */
async function createRole(page: Page, name: string, slug: string, permission: string): Promise<void> {
  await page.goto('/settings/roles');
  await page.getByRole('link', { name: 'Nieuwe rol' }).click();
  await expect(page).toHaveURL('/settings/roles/new');
  await expect(page.getByRole('heading', { name: 'Nieuwe rol' })).toBeVisible();

  await page.getByLabel('Naam').fill(name);
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await page.getByRole('checkbox', { name: permission, exact: true }).check();
  await page.getByRole('button', { name: 'Rol aanmaken' }).click();

  await closeToast(page, `Rol ${name} is aangemaakt.`);
  await expect(page).toHaveURL(/\/settings\/roles\/\d+$/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: permission, exact: true })).toBeChecked();
}

/**
 * A name for this attempt: the plain name first, another one on a retry (CI retries once), since
 * a failed first attempt may have left its role behind.
 */
const named = (name: string) => (test.info().retry === 0 ? name : `${name} ${test.info().retry + 1}`);
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

// The role editor is the heaviest screen and these tests walk through several of them: a little
// more room than the 30 s default on a busy 2-core machine.
test.describe.configure({ timeout: 45_000 });

test.use({ actor: 'admin' });

test('an admin creates a role, is asked before leaving unsaved changes, saves, and deletes it', async ({ page }) => {
  const created = named('Calculator');
  const renamed = named('Calculatie');
  await createRole(page, created, slugOf(created), 'Projecten bekijken');
  const editUrl = page.url();

  const name = page.getByLabel('Naam');
  await name.fill(renamed);
  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Instellingen' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Annuleren' }).click();
  await expect(unsaved).toBeHidden();
  await expect(page).toHaveURL(editUrl);
  await expect(name).toHaveValue(renamed);

  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(toast(page, `Rol ${renamed} is opgeslagen.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: renamed, exact: true })).toBeVisible();

  // Saved, so leaving asks nothing.
  await page.getByRole('main').getByRole('link', { name: 'Rollen', exact: true }).click();
  await expect(page).toHaveURL('/settings/roles');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: renamed, exact: true }) });
  await expect(row).toBeVisible();
  // The slug stays what it was created with.
  await expect(row).toContainText(slugOf(created));
  await expect(row).toContainText('1 recht');

  await row.getByRole('button', { name: `${renamed} verwijderen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Rol verwijderen' });
  await expect(confirm).toContainText(`Weet je zeker dat je de rol ${renamed} wilt verwijderen?`);
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(toast(page, `Rol ${renamed} is verwijderd.`)).toBeVisible();
  await expect(page.getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
});

test('saving a role that was changed in another tab shows the conflict instead of overwriting', async ({ page }) => {
  const role = named('Werkvoorbereiding');
  await createRole(page, role, slugOf(role), 'Planning bekijken');
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { name: role, exact: true })).toBeVisible();

  await page.getByLabel('Naam').fill(`${role} A`);
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(toast(page, `Rol ${role} A is opgeslagen.`)).toBeVisible();

  // The second tab still holds the version it opened.
  await other.getByLabel('Naam').fill(`${role} B`);
  await other.getByRole('button', { name: 'Opslaan', exact: true }).click();
  const conflict = other.getByRole('alert').filter({ hasText: 'Iemand anders heeft dit intussen gewijzigd' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('Je wijzigingen zijn niet opgeslagen');
  await expect(other.getByRole('heading', { name: `${role} A`, exact: true })).toHaveCount(0);

  await conflict.getByRole('button', { name: 'Nieuwste versie laden' }).click();
  await expect(conflict).toBeHidden();
  await expect(other.getByLabel('Naam')).toHaveValue(`${role} A`);
  await expect(other.getByRole('heading', { name: `${role} A`, exact: true })).toBeVisible();
  await other.close();
});

test('a permission ticked in the matrix is saved for that role and stays ticked after a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Instellingen' }).click();
  await page.getByRole('link', { name: /^Permissies/ }).click();
  await expect(page).toHaveURL('/settings/permissions');
  await expect(page.getByRole('heading', { name: 'Permissies', exact: true })).toBeVisible();

  // Another cell on a retry: a failed first attempt may have saved its tick.
  const permission = test.info().retry === 0 ? 'Uren exporteren' : 'Verlof goedkeuren';
  const cell = page.getByRole('checkbox', { name: `Werkplaats: ${permission}` });
  await expect(cell).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Opslaan', exact: true })).toBeDisabled();
  await cell.check();
  await page.getByRole('button', { name: '1 rol opslaan' }).click();

  await expect(toast(page, 'Rechten van 1 rol opgeslagen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opslaan', exact: true })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Permissies', exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Werkplaats: ${permission}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Werkplaats: Uren beheren' })).not.toBeChecked();
});
