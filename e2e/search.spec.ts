import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { switchLanguage } from './support/app';
import { expect, test } from './support/axe';

// One search for everything: Ctrl+K from anywhere, typing, the arrows and Enter open a
// record, keyboard only. Nothing here changes data (the language switch is put back).

/** Screenshots for a person to look at, into SEARCH_SHOTS when it is set (e.g. /tmp/shots/search). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SEARCH_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

test.use({ actor: 'admin' });

const SHIP = 'MS Noordam refit 2027';
const HOTEL = 'Hotel De Dunes – lobby en suites';

test('an employee opens a project from Ctrl+K with the keyboard only', async ({ page }) => {
  // Sign-in, the lazy dialog and the project page's first load: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/');
  // The header (and with it the shortcut) is there once the back office has loaded.
  await expect(page.getByRole('button', { name: /^Zoeken/ })).toBeVisible();
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: 'Zoeken' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('combobox', { name: 'Zoek in alles' });
  await expect(input).toBeFocused();
  await expect(dialog.getByText('Typ minstens 2 tekens')).toBeVisible();
  await page.keyboard.type('noordam');
  const list = dialog.getByRole('listbox', { name: 'Zoekresultaten' });
  await expect(
    list.getByRole('group', { name: 'Projecten' }).getByRole('option', { name: new RegExp(`^${SHIP}`) }),
  ).toBeVisible();
  await shot(page, 'backoffice-1280-nl');

  // ArrowDown chooses the first hit (the project), Enter opens it.
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { name: new RegExp(`^${SHIP}`) })).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The hit opens the project, whose address goes on to its areas list (as /projects/{id} does).
  await expect(page).toHaveURL(/\/projects\/\d+\/areas$/);
  await expect(page.getByRole('heading', { level: 1, name: SHIP })).toBeVisible({ timeout: 30_000 });

  // Nothing found says so; Escape closes.
  await page.keyboard.press('Control+K');
  await expect(input).toBeFocused();
  await input.fill('qqxqq');
  await expect(dialog.getByText('Geen resultaten voor “qqxqq”')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // English, and the header's search field.
  await switchLanguage(page, 'EN');
  await page.getByRole('button', { name: /^Search/ }).click();
  const en = page.getByRole('dialog', { name: 'Search' });
  await en.getByRole('combobox', { name: 'Search everything' }).fill('dunes');
  await expect(en.getByRole('option', { name: new RegExp(`^${HOTEL}`) })).toBeVisible();
  await shot(page, 'backoffice-1280-en');
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'NL');
});

test('on a phone the search fills the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: /^Zoeken/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Zoeken' });
  await dialog.getByRole('combobox').fill('wand');
  await expect(dialog.getByRole('option').first()).toBeVisible();
  await shot(page, 'backoffice-390-nl');
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'EN');
  await page.getByRole('button', { name: /^Search/ }).click();
  await page.getByRole('dialog', { name: 'Search' }).getByRole('combobox').fill('noordam');
  await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('option').first()).toBeVisible();
  await shot(page, 'backoffice-390-en');
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'NL');
});

test("a portal user finds her own company's project, never another company's", async ({ pageAs }) => {
  const page = await pageAs('emma');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: 'Zoeken' });
  const input = dialog.getByRole('combobox', { name: 'Zoek in alles' });
  await expect(input).toBeFocused();
  await page.keyboard.type('refit');
  await expect(dialog.getByRole('option', { name: new RegExp(`^${SHIP}`) })).toBeVisible();
  await shot(page, 'portal-1280-nl');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: SHIP })).toBeVisible();

  // Dunes Leisure's hotel is not hers: nothing found, exactly as for a name that does not exist.
  await page.keyboard.press('Control+K');
  await input.fill('dunes');
  await expect(dialog.getByText('Geen resultaten voor “dunes”')).toBeVisible();
  await expect(dialog.getByRole('option')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await switchLanguage(page, 'EN');
  await page.keyboard.press('Control+K');
  const en = page.getByRole('dialog', { name: 'Search' });
  await en.getByRole('combobox', { name: 'Search everything' }).fill('noordam');
  await expect(en.getByRole('option').first()).toBeVisible();
  await shot(page, 'portal-1280-en');
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'NL');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /^Zoeken/ }).click();
  await input.fill('noordam');
  await expect(dialog.getByRole('option').first()).toBeVisible();
  await shot(page, 'portal-390-nl');
  await page.keyboard.press('Escape');
});
