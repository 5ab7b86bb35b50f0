import { type APIRequestContext, request as apiRequest, type BrowserContext } from '@playwright/test';
import { ACCOUNTS, API_HEADERS, apiLogin, type Credentials, EMMA_RESET_PASSWORD, FITTER, xsrfToken } from './app';
import { ENV, requiredEnv } from './env';
import { linkFrom, waitForMail } from './mail';

/**
 * The people a test can be signed in as without going through the login form
 * (`test.use({ actor: 'admin' })`, or `pageAs('emma')` for a second person in the same test). The
 * sign-in form has tests of its own (auth.spec.ts, portal.spec.ts, password-reset.spec.ts, …);
 * every other test starts signed in, over the API, in a browser context kept for that person for
 * the whole run (support/axe.ts).
 */
export type ActorName = 'admin' | 'projectManager' | 'fitter' | 'emma' | 'tourAdmin';

interface Actor {
  /** Which route set the web app starts with (its `authenticated_model` key). */
  model: 'employee' | 'client';
  /** The passwords to try in order: Emma has another once password-reset.spec.ts has run. */
  logins: Credentials[];
  /** Makes the account when no login works yet (an account the demo does not have). */
  create?: () => Promise<void>;
}

/**
 * The back-office tour's own administrator (tour.spec.ts). The tour switches its account to
 * English and back while the flow tests run beside it as the demo admin, so it cannot be her.
 */
export const TOUR_ADMIN: Credentials = { email: 'rondleiding@outfitting.test', password: 'Outfit!Rondleiding2026' };

/**
 * Adds the tour's administrator the way an admin adds an employee: with the admin's own role, an
 * invitation mail, and a password set through its link.
 */
async function createTourAdmin(): Promise<void> {
  const admin = await apiRequest.newContext({ baseURL: requiredEnv(ENV.baseUrl) });
  try {
    if (!(await apiLogin(admin, ACCOUNTS.admin))) throw new Error('the demo admin could not sign in');
    const me = (await (await admin.get('/api/user/current', { headers: API_HEADERS })).json()) as {
      data: { guardable: { id: number } };
    };
    const self = (await (await admin.get(`/api/users/${me.data.guardable.id}`, { headers: API_HEADERS })).json()) as {
      data: { role: { id: number } };
    };
    const since = new Date();
    const made = await admin.post('/api/users', {
      headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(admin) },
      data: { firstName: 'Tessa', lastName: 'Rondleiding', email: TOUR_ADMIN.email, roleId: self.data.role.id, locale: 'nl' },
    });
    if (made.status() !== 201) throw new Error(`POST /api/users answered ${made.status()}: ${await made.text()}`);
    const mail = await waitForMail({ to: TOUR_ADMIN.email, subject: 'Je account staat klaar', since });
    const token = new URL(linkFrom(mail, '/auth/create-password')).hash.replace(/^#token=/, '');
    const set = await admin.post('/api/auth/create-password', {
      headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(admin) },
      data: { token, password: TOUR_ADMIN.password, password_confirmation: TOUR_ADMIN.password },
    });
    if (!set.ok()) throw new Error(`POST /api/auth/create-password answered ${set.status()}: ${await set.text()}`);
  } finally {
    await admin.dispose();
  }
}

export const ACTORS: Record<ActorName, Actor> = {
  admin: { model: 'employee', logins: [ACCOUNTS.admin] },
  projectManager: { model: 'employee', logins: [ACCOUNTS.projectManager] },
  fitter: { model: 'employee', logins: [FITTER] },
  emma: { model: 'client', logins: [ACCOUNTS.emma, { email: ACCOUNTS.emma.email, password: EMMA_RESET_PASSWORD }] },
  tourAdmin: { model: 'employee', logins: [TOUR_ADMIN], create: createTourAdmin },
};

/**
 * Signs the actor in on this request context (a browser context's own `request` shares its
 * cookies). A company user's first-login welcome is marked as seen, as "Aan de slag" does: the
 * tests that are about the welcome sign in through the form as someone else.
 */
export async function signInOverApi(request: APIRequestContext, name: ActorName): Promise<void> {
  const actor = ACTORS[name];
  for (const who of actor.logins) {
    if (!(await apiLogin(request, who))) continue;
    if (actor.model === 'client') {
      const seen = await request.patch('/api/client/disable-first-login', {
        headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(request) },
      });
      if (!seen.ok()) throw new Error(`${name}: PATCH /api/client/disable-first-login answered ${seen.status()}`);
    }
    return;
  }
  if (actor.create) {
    await actor.create();
    if (await apiLogin(request, actor.logins[0] as Credentials)) return;
  }
  throw new Error(`${name} could not sign in with any of the known passwords`);
}

/** Signs the actor in again when the context's session has ended (a logout, a password change, an expiry). */
export async function ensureSignedIn(context: BrowserContext, name: ActorName): Promise<void> {
  const me = await context.request.get('/api/user/current', { headers: API_HEADERS });
  if (me.status() === 200) return;
  await signInOverApi(context.request, name);
}

/**
 * Run in every tab of an actor's context before the app's code: on the tab's first page of the
 * app, the keys the web app reads at start-up say who is signed in, and no company is being acted
 * as (a test that acted as one must not hand that to the next test's tab). Later loads in the same
 * tab (a reload, a deep link) keep whatever the app stored, as a real browser would.
 */
export function tabStartsSignedIn(model: 'employee' | 'client'): void {
  try {
    if (sessionStorage.getItem('e2e.tab')) return;
    sessionStorage.setItem('e2e.tab', '1');
    localStorage.setItem('authenticated', '1');
    localStorage.setItem('authenticated_model', model);
    localStorage.removeItem('Acting-As');
    localStorage.removeItem('Acting-As-Name');
  } catch {
    // about:blank and other pages without storage of the app's origin.
  }
}
