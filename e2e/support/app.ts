import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The demo accounts of apps/server/src/demo/seed.ts. */
export const ACCOUNTS = {
  admin: { email: 'admin@outfitting.test', password: 'Outfit!Admin2026', firstName: 'Sanne' },
  projectManager: { email: 'projectleider@outfitting.test', password: 'Outfit!Project2026', firstName: 'Daan' },
  /** Nordic Star Cruises, nl, first login. Only password-reset.spec.ts signs in as Emma: it changes her password. */
  emma: { email: 'emma@nordicstar.test', password: 'Portal!Cruise2026', firstName: 'Emma' },
  /** Dunes Leisure Resorts, en, first login. */
  thomas: { email: 'thomas@dunesleisure.test', password: 'Portal!Leisure2026', firstName: 'Thomas' },
} as const;

export interface Credentials {
  email: string;
  password: string;
}

/** The fitter Bram de Jong (apps/server/src/demo/people.ts). */
export const FITTER: Credentials = { email: 'monteur@outfitting.test', password: 'Outfit!Monteur2026' };

/** The password password-reset.spec.ts gives Emma (it may run before or after the portal specs). */
export const EMMA_RESET_PASSWORD = 'Nieuw-Wachtwoord-2026!';

/** What the app's API calls send (the web app's own headers). */
export const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

const LOGIN_TEXT = {
  nl: { email: 'E-mailadres', password: 'Wachtwoord', submit: 'Inloggen' },
  en: { email: 'E-mail address', password: 'Password', submit: 'Log in' },
} as const;

/** Fills and submits the login form that is on screen (in the language it is shown in). */
export async function submitLogin(page: Page, who: Credentials, lang: 'nl' | 'en' = 'nl'): Promise<void> {
  const text = LOGIN_TEXT[lang];
  await page.getByLabel(text.email).fill(who.email);
  // As a textbox: getByLabel would also find the show-password toggle ('Toggle password visibility').
  await page.getByRole('textbox', { name: text.password }).fill(who.password);
  await page.getByRole('button', { name: text.submit, exact: true }).click();
}

/** Opens /auth/login, signs in and waits until the app has left the login page. */
export async function logIn(page: Page, who: Credentials, lang: 'nl' | 'en' = 'nl'): Promise<void> {
  await page.goto('/auth/login');
  await submitLogin(page, who, lang);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** The greeting on the employee home page; which one depends on the time of day. */
export const greeting = (firstName: string, lang: 'nl' | 'en' = 'nl') =>
  lang === 'nl'
    ? new RegExp(`^(Goedemorgen|Goedemiddag|Goedenavond), ${firstName}$`)
    : new RegExp(`^Good (morning|afternoon|evening), ${firstName}$`);

/** A react-toastify toast with this text. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * Waits until no transition or one-off animation is running (a menu sliding open, a resize's
 * reflow), e.g. before a screenshot; endless ones (a spinner) do not count.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || !Number.isFinite(Number(a.effect?.getComputedTiming().endTime))),
  );
}

/**
 * Reads a toast and closes it with a click, as someone does whose next click is under it: toasts
 * sit bottom left, over the sidebar and a phone's bottom rows, for five seconds.
 */
export async function closeToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.click();
  await expect(shown).toBeHidden();
}

/**
 * The SegmentedControl NL | EN: a radio group whose options are clicked by their visible label.
 * Some layouts hold a second one in the (hidden) mobile menu; the role query skips hidden ones.
 */
export async function switchLanguage(page: Page, lang: 'NL' | 'EN'): Promise<void> {
  const languages = page.getByRole('radiogroup', { name: /^(Taal|Language)$/ });
  await languages.getByText(lang, { exact: true }).click();
  await expect(languages.getByRole('radio', { name: lang })).toBeChecked();
}

export async function xsrfToken(request: APIRequestContext): Promise<string> {
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return decodeURIComponent(cookie.value);
}

/**
 * Signs in over the API on this request context (`page.request` and `context.request` share the
 * browser context's cookies); true when the password was right.
 */
export async function apiLogin(request: APIRequestContext, who: Credentials): Promise<boolean> {
  await request.get('/sanctum/csrf-cookie', { headers: API_HEADERS });
  const res = await request.post('/login', {
    headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(request) },
    data: { email: who.email, password: who.password },
  });
  return res.ok();
}

/**
 * Signs in over the API (no browser) and saves `locale` on the account: puts an account back the
 * way the demo data has it after a test that changed it, whether that test passed or not.
 */
export async function resetAccountLocale(request: APIRequestContext, who: Credentials, locale: 'nl' | 'en'): Promise<void> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  expect((await request.get('/sanctum/csrf-cookie', { headers })).ok()).toBe(true);
  const login = await request.post('/login', {
    headers: { ...headers, 'X-XSRF-TOKEN': await xsrfToken(request) },
    data: { email: who.email, password: who.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const saved = await request.patch('/api/locale', {
    headers: { ...headers, 'X-XSRF-TOKEN': await xsrfToken(request) },
    data: { locale },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** How far the page can be scrolled sideways (0: it fits the window). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** GET on the app's API with a request context's session (a page's `page.request`, or the `request` fixture). */
export async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url, { headers: API_HEADERS });
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** POSTs JSON with the session's XSRF token; the answer's JSON (undefined for an empty body), or an error. */
export async function postJson<T = unknown>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(request) }, data });
  if (!res.ok()) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
  const body = await res.text();
  return (body ? JSON.parse(body) : undefined) as T;
}
