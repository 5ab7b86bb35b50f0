import { ACCOUNTS, logIn, submitLogin } from './support/app';
import { expect, test } from './support/axe';

// Thomas (Dunes Leisure Resorts) has English as his language and has not signed in before.

test('a customer signs in to the portal in his language, is welcomed once, and logs out', async ({ page }) => {
  await logIn(page, ACCOUNTS.thomas);

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByText('Dunes Leisure Resorts', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inspiration' })).toBeVisible();
  const welcome = page.getByRole('dialog', { name: 'Welcome, Thomas' });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('This is the Dunes Leisure Resorts portal.');

  await welcome.getByRole('button', { name: 'Get started' }).click();
  await expect(welcome).toBeHidden();
  // Recorded on the account (the page's own session asks), so it is not shown again.
  await expect
    .poll(async () => {
      const me = await page.request.get('/api/user/current', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return ((await me.json()) as { data: { first_login: boolean } }).data.first_login;
    })
    .toBe(false);

  await page.reload();
  // The menu item, the page title and the browser tab say the same.
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Projects · Outfitting Portal');
  await expect(page.getByText('Welcome to the Dunes Leisure Resorts portal.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).first().click();
  // Logout reloads the user, which fails and resets the session to login (spec section 4). The app
  // adds ?redirect=<the page logged out from>; the path is what matters here.
  await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the burger opens and closes the mobile menu', async ({ page }) => {
    // Through a deep link, so the first-login welcome on the home page plays no part here.
    await page.goto('/settings');
    await expect(page).toHaveURL('/auth/login?redirect=%2Fsettings');
    await submitLogin(page, ACCOUNTS.thomas);
    await expect(page).toHaveURL('/settings');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();

    const burger = page.getByRole('button', { name: 'Open or close the menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    // The desktop navigation is not shown at this width.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();

    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Projects' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Inspiration' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();

    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });
});
