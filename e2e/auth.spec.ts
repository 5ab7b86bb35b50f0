import { ACCOUNTS, greeting, logIn, submitLogin } from './support/app';
import { expect, test } from './support/axe';

test.describe('employee sign-in', () => {
  test('an employee signs in and lands on the back office home with the navigation', { tag: '@smoke' }, async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    await page.getByLabel('E-mailadres').fill(ACCOUNTS.admin.email);
    await page.getByRole('textbox', { name: 'Wachtwoord' }).fill(ACCOUNTS.admin.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: greeting('Sanne') })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
    for (const item of ['Home', 'Bedrijven', 'Instellingen']) {
      await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
  });

  test('a wrong password is refused with one generic message and the login page stays', async ({ page }) => {
    await page.goto('/auth/login');
    await submitLogin(page, { email: ACCOUNTS.admin.email, password: 'Niet-het-wachtwoord-1' });

    await expect(page.getByRole('alert').filter({ hasText: 'E-mailadres of wachtwoord klopt niet.' })).toBeVisible();
    await expect(page).toHaveURL('/auth/login');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  });
});

test.describe('forgotten password link', () => {
  test('opens the reset page with one mouse click on a fresh login page', async ({ page }) => {
    // Regression: the e-mail field has focus on arrival; leaving it empty must not raise an error
    // that pushes the link away under the pointer (fields are checked on blur only once changed).
    await page.goto('/auth/login');
    await expect(page.getByLabel('E-mailadres')).toBeFocused();
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await expect(page).toHaveURL('/auth/reset-password', { timeout: 3_000 });
  });
});

test.describe('routes that need a login', () => {
  test('a signed-out deep link goes to login and, after signing in, to the page asked for', async ({ page }) => {
    await page.goto('/settings/roles');
    await expect(page).toHaveURL('/auth/login?redirect=%2Fsettings%2Froles');

    await submitLogin(page, ACCOUNTS.admin);
    await expect(page).toHaveURL('/settings/roles');
    await expect(page.getByRole('heading', { name: 'Rollen', exact: true })).toBeVisible();
  });

  test('signed out, an unknown path redirects to login', async ({ page }) => {
    await page.goto('/does-not-exist');
    await expect(page).toHaveURL('/auth/login?redirect=%2Fdoes-not-exist');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  });

  test('signed in, an unknown path shows the 404 page with a way home', async ({ page }) => {
    await logIn(page, ACCOUNTS.admin);
    await page.goto('/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();

    await page.getByRole('link', { name: 'Naar de startpagina' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: greeting('Sanne') })).toBeVisible();
  });
});

test.describe('screens that need a permission', () => {
  test('a project manager without the roles right gets the not-found page, and the navigation offers no way there', async ({
    page,
  }) => {
    await logIn(page, ACCOUNTS.projectManager);
    await page.goto('/settings/roles');
    await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nieuwe rol' })).toHaveCount(0);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Instellingen' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Rollen/ })).toHaveCount(0);
  });
});
