import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, type Credentials, submitLogin, xsrfToken } from './app';
import { expect } from './axe';

/** What the app's API calls send (the web app's own headers). */
export const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/** The password password-reset.spec.ts gives Emma (it runs before the portal specs in a full run). */
export const EMMA_RESET_PASSWORD = 'Nieuw-Wachtwoord-2026!';

/** Signs in over the API (a request context apart from the page's); true when the password was right. */
export async function apiLogin(request: APIRequestContext, who: Credentials): Promise<boolean> {
  await request.get('/sanctum/csrf-cookie', { headers: API_HEADERS });
  const res = await request.post('/login', {
    headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(request) },
    data: { email: who.email, password: who.password },
  });
  return res.ok();
}

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
