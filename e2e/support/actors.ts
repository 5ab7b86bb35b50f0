import { type APIRequestContext, request as apiRequest, type BrowserContext } from '@playwright/test';
import {
  ACCOUNTS,
  API_HEADERS,
  apiLogin,
  type Credentials,
  EMMA_RESET_PASSWORD,
  FITTER,
  getJson,
  postJson,
  xsrfToken,
} from './app';
import { ENV, requiredEnv } from './env';
import { linkFrom, waitForMail } from './mail';

/**
 * The people a test can be signed in as without going through the login form
 * (`test.use({ actor: 'admin' })`, or `pageAs('emma')` for a second person in the same test). The
 * sign-in form has tests of its own (auth.spec.ts, portal.spec.ts, password-reset.spec.ts, …);
 * every other test starts signed in, over the API, in a browser context kept for that person for
 * the whole run (support/axe.ts).
 */
export type ActorName = 'admin' | 'projectManager' | 'fitter' | 'emma' | 'tourAdmin' | 'tourClient' | 'approver';

interface Actor {
  /** Which route set the web app starts with (its `authenticated_model` key). */
  model: 'employee' | 'client';
  /** The passwords to try in order: Emma has another once password-reset.spec.ts has run. */
  logins: Credentials[];
  /** Makes the account when no login works yet (an account the demo does not have). */
  create?: () => Promise<void>;
}

/**
 * The tours' own accounts (tour.spec.ts). A tour switches its account to English and back while the
 * flow tests run beside it (the 'tour' project, a second worker) as the demo's admin and Emma, so
 * it cannot be them.
 */
export const TOUR_ADMIN: Credentials = { email: 'rondleiding@outfitting.test', password: 'Outfit!Rondleiding2026' };
export const TOUR_CLIENT: Credentials = { email: 'rondleiding@nordicstar.test', password: 'Portal!Rondleiding2026' };

/** A second Nordic Star Cruises user beside Emma, named as a drawing's approver (approval-deadlines.spec.ts). */
export const APPROVER: Credentials = { email: 'goedkeurder@nordicstar.test', password: 'Portal!Goedkeurder2026' };

/** The demo admin, signed in on a request context of its own, for `use`. */
async function asDemoAdmin(use: (admin: APIRequestContext) => Promise<void>): Promise<void> {
  const admin = await apiRequest.newContext({ baseURL: requiredEnv(ENV.baseUrl) });
  try {
    if (!(await apiLogin(admin, ACCOUNTS.admin))) throw new Error('the demo admin could not sign in');
    await use(admin);
  } finally {
    await admin.dispose();
  }
}

/** Sets the password through the invitation mailed to `who` since `since`, as its link does. */
async function acceptInvitation(admin: APIRequestContext, who: Credentials, since: Date): Promise<void> {
  const mail = await waitForMail({ to: who.email, subject: 'Je account staat klaar', since });
  const token = new URL(linkFrom(mail, '/auth/create-password')).hash.replace(/^#token=/, '');
  await postJson(admin, '/api/auth/create-password', {
    token,
    password: who.password,
    password_confirmation: who.password,
  });
}

/** Adds the back-office tour's administrator as an admin adds an employee: with the admin's own role. */
function createTourAdmin(): Promise<void> {
  return asDemoAdmin(async (admin) => {
    const me = await getJson<{ data: { guardable: { id: number } } }>(admin, '/api/user/current');
    const self = await getJson<{ data: { role: { id: number } } }>(admin, `/api/users/${me.data.guardable.id}`);
    const since = new Date();
    await postJson(admin, '/api/users', {
      firstName: 'Tessa',
      lastName: 'Rondleiding',
      email: TOUR_ADMIN.email,
      roleId: self.data.role.id,
      locale: 'nl',
    });
    await acceptInvitation(admin, TOUR_ADMIN, since);
  });
}

/** Adds the portal tour's user to Emma's company (Nordic Star Cruises), as an account manager does. */
function createTourClient(): Promise<void> {
  return createNordicStarUser(TOUR_CLIENT, 'Tijn', 'Rondleiding');
}

/** Adds a user to Emma's company (Nordic Star Cruises), as an account manager does, and accepts the invitation. */
function createNordicStarUser(who: Credentials, firstName: string, lastName: string): Promise<void> {
  return asDemoAdmin(async (admin) => {
    const companies = await getJson<{ data: { id: number; name: string }[] }>(
      admin,
      `/api/companies?q=${encodeURIComponent('Nordic Star')}`,
    );
    const company = companies.data.find((c) => c.name === 'Nordic Star Cruises');
    if (!company) throw new Error('no company Nordic Star Cruises in the demo data');
    const since = new Date();
    await postJson(admin, `/api/companies/${company.id}/users`, { firstName, lastName, email: who.email, locale: 'nl' });
    await acceptInvitation(admin, who, since);
  });
}

export const ACTORS: Record<ActorName, Actor> = {
  admin: { model: 'employee', logins: [ACCOUNTS.admin] },
  projectManager: { model: 'employee', logins: [ACCOUNTS.projectManager] },
  fitter: { model: 'employee', logins: [FITTER] },
  emma: { model: 'client', logins: [ACCOUNTS.emma, { email: ACCOUNTS.emma.email, password: EMMA_RESET_PASSWORD }] },
  tourAdmin: { model: 'employee', logins: [TOUR_ADMIN], create: createTourAdmin },
  tourClient: { model: 'client', logins: [TOUR_CLIENT], create: createTourClient },
  approver: { model: 'client', logins: [APPROVER], create: () => createNordicStarUser(APPROVER, 'Noor', 'Goedkeurder') },
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
