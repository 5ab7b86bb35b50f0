import type { Page } from '@playwright/test';
import { ACCOUNTS, greeting, resetAccountLocale, submitLogin, switchLanguage } from './support/app';
import { expect, test } from './support/axe';

const admin = ACCOUNTS.admin;

async function expectEmployeeHome(page: Page, lang: 'nl' | 'en') {
  await expect(page.getByRole('heading', { name: greeting(admin.firstName, lang) })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function logOut(page: Page, lang: 'nl' | 'en') {
  await page.getByRole('button', { name: lang === 'nl' ? 'Gebruikersmenu' : 'User menu' }).click();
  await page.getByRole('menuitem', { name: lang === 'nl' ? 'Uitloggen' : 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test.afterEach(async ({ request }) => {
  // Whatever happened above, the admin account goes back to Dutch for the other tests.
  await resetAccountLocale(request, admin, 'nl');
});

test('the language is kept on the session when signed out and on the account when signed in', async ({ page }) => {
  // Three sign-ins, two sign-outs and four reloads: more than the default 30 s on a busy machine.
  test.slow();
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();

  await switchLanguage(page, 'EN');
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();

  // The account's own language (Dutch) wins over the sign-in screen's.
  await submitLogin(page, admin, 'en');
  await expect(page).toHaveURL('/');
  await expectEmployeeHome(page, 'nl');

  await switchLanguage(page, 'EN');
  await expectEmployeeHome(page, 'en');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Companies' })).toBeVisible();
  await page.reload();
  await expectEmployeeHome(page, 'en');

  // Saved on the account: a new sign-in is English too.
  await logOut(page, 'en');
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
  await submitLogin(page, admin, 'en');
  await expectEmployeeHome(page, 'en');

  await switchLanguage(page, 'NL');
  await expectEmployeeHome(page, 'nl');
  await page.reload();
  await expectEmployeeHome(page, 'nl');

  await logOut(page, 'nl');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await submitLogin(page, admin, 'nl');
  await expectEmployeeHome(page, 'nl');
  await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Bedrijven' })).toBeVisible();
});
