import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, EMMA_RESET_PASSWORD, submitLogin } from './app';
import { expect } from './axe';

export { API_HEADERS, apiLogin, EMMA_RESET_PASSWORD } from './app';

/**
 * Signs Emma (Nordic Star Cruises) in through the form, with whichever password she has by now,
 * and lands on the dashboard, her first-login welcome put away if it shows. The portal specs only
 * read as Emma; password-reset.spec.ts is the one that changes her.
 */
export async function signInEmma(page: Page, request: APIRequestContext): Promise<void> {
  const emma = (await apiLogin(request, ACCOUNTS.emma))
    ? ACCOUNTS.emma
    : { email: ACCOUNTS.emma.email, password: EMMA_RESET_PASSWORD };
  await page.goto('/auth/login');
  await submitLogin(page, emma);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
  const welcome = page.getByRole('dialog', { name: 'Welkom, Emma' });
  // The welcome shows once the user is loaded; give it that moment before deciding it is not there.
  await page.waitForLoadState('networkidle');
  if (await welcome.isVisible()) {
    await welcome.getByRole('button', { name: 'Aan de slag' }).click();
    await expect(welcome).toBeHidden();
  }
}
