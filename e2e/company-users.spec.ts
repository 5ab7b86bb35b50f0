import type { Page } from '@playwright/test';
import { submitLogin, toast } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, uniqueTag } from './support/catalogue';
import { linkFrom, waitForMail } from './support/mail';

/**
 * A company's users and what it sees of its projects: an account manager adds a user,
 * who gets the invitation mail, creates a password and signs in to the portal; then the account
 * manager limits the company to one area of a project, and the choice is still there after a
 * reload. Each test makes its own company (over the API), so the demo companies never change. Nordic
 * Star's users and permissions at 1280 and 390 px in Dutch and English are in the tour (tour.spec.ts).
 */

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const PASSWORD = 'Portaal-Welkom-2026!';

async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie: sign in first');
  const res = await page.request.post(path, {
    headers: { ...JSON_HEADERS, 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) },
    data,
  });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

test.describe.configure({ timeout: 180_000 });
test.use({ actor: 'admin' });

test('an account manager adds a user, who gets the invitation, creates a password and signs in to the portal', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  await page.goto('/');
  const companyName = `Gebruikers E2E ${tag}`;
  const company = await apiPost<{ id: number }>(page, '/api/companies', { name: companyName, sector: 'cruise' });

  // From the company's page to its users through the tabs.
  await page.goto(`/companies/${company.id}`);
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: `Onderdelen van ${companyName}` });
  await expect(tabs.getByRole('link', { name: 'Gegevens' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Gebruikers' }).click();
  await expect(page).toHaveURL(`/companies/${company.id}/users`);
  await expect(tabs.getByRole('link', { name: 'Gebruikers' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Nog geen gebruikers')).toBeVisible();

  // A new user, invited at once.
  await page.getByRole('link', { name: 'Nieuwe gebruiker' }).first().click();
  await expect(page).toHaveURL(`/companies/${company.id}/users/new`);
  const email = `jan.${tag.toLowerCase()}@e2e.test`;
  await page.getByRole('textbox', { name: 'Voornaam' }).fill('Jan');
  await page.getByRole('textbox', { name: 'Tussenvoegsel' }).fill('van');
  await page.getByRole('textbox', { name: 'Achternaam' }).fill('Dijk');
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await page.getByRole('textbox', { name: 'Functie' }).fill('Purser');
  await expect(page.getByRole('radio', { name: 'Nederlands' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Stuur de uitnodiging nu' })).toBeChecked();
  const invitedAt = new Date();
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  await expect(toast(page, `Jan van Dijk is toegevoegd en heeft een uitnodiging gekregen op ${email}.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/users/\\d+$`));
  const userUrl = page.url();
  await expect(page.getByRole('heading', { level: 2, name: 'Jan van Dijk' })).toBeVisible();
  await expect(
    page.getByText(/^Uitgenodigd op \d\d-\d\d-\d{4} \d\d:\d\d\. Er is nog geen wachtwoord ingesteld\.$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uitnodiging opnieuw versturen' })).toBeVisible();
  // The crumb names the user.
  await expect(page.getByRole('navigation', { name: /kruimelpad|breadcrumb/i }).getByText('Jan van Dijk')).toBeVisible();

  // The list shows the invitation.
  await page
    .getByRole('navigation', { name: `Onderdelen van ${companyName}` })
    .getByRole('link', { name: 'Gebruikers' })
    .click();
  await expect(page.getByRole('link', { name: 'Jan van Dijk' })).toBeVisible();
  await expect(page.getByText(/^Uitgenodigd op \d\d-\d\d-\d{4}$/)).toBeVisible();

  // The mail, the link, the password: in a browser of their own (the admin stays signed in here).
  const mail = await waitForMail({ to: email, subject: 'Je account staat klaar', since: invitedAt });
  expect(mail.text).toContain('Hallo Jan');
  const link = linkFrom(mail, '/auth/create-password');
  const context = await browser.newContext();
  try {
    const portal = await context.newPage();
    await portal.goto(link);
    await expect(portal.getByRole('heading', { name: 'Wachtwoord aanmaken' })).toBeVisible();
    await portal.getByRole('textbox', { name: 'Nieuw wachtwoord' }).fill(PASSWORD);
    await portal.getByRole('textbox', { name: 'Herhaal het wachtwoord' }).fill(PASSWORD);
    await portal.getByRole('button', { name: 'Account activeren' }).click();
    await expect(portal).toHaveURL('/auth/login?password=set');
    await expect(portal.getByText('Je wachtwoord is ingesteld. Je kunt nu inloggen.')).toBeVisible();

    await submitLogin(portal, { email, password: PASSWORD });
    await expect(portal).toHaveURL('/');
    await expect(portal.getByRole('banner').getByText(companyName, { exact: true })).toBeVisible();
    await expect(portal.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
    await expect(portal.getByRole('dialog', { name: 'Welkom, Jan' })).toBeVisible();
  } finally {
    await context.close();
  }

  // Accepted: no new invitation, and the last sign-in is there.
  await page.goto(userUrl);
  await expect(page.getByText('De uitnodiging is aangenomen: deze gebruiker heeft een wachtwoord ingesteld.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Uitnodiging/ })).toHaveCount(0);
  await expect(page.getByText(/^Laatst ingelogd: \d\d-\d\d-\d{4} \d\d:\d\d$/)).toBeVisible();

  // Delete, after a question that says the person is signed out at once.
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gebruiker verwijderen?' });
  await expect(dialog).toContainText('Jan van Dijk wordt verwijderd en meteen uitgelogd');
  await dialog.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(toast(page, 'Jan van Dijk is verwijderd.')).toBeVisible();
  await expect(page).toHaveURL(`/companies/${company.id}/users`);
  await expect(page.getByText('Nog geen gebruikers')).toBeVisible();
});

test('an account manager limits a company to one area of a project, and it stays so after a reload', async ({ page }) => {
  const tag = uniqueTag();
  await page.goto('/');
  const companyName = `Permissies E2E ${tag}`;
  const company = await apiPost<{ id: number }>(page, '/api/companies', { name: companyName, sector: 'leisure' });

  // No project yet: where to attach one.
  await page.goto(`/companies/${company.id}/permissions`);
  await expect(page.getByText('Koppel dit bedrijf aan een project bij het project zelf.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Naar de projecten' })).toHaveAttribute('href', '/projects');

  const { data: people } = await apiGet<{ data: { id: number; name: string }[] }>(page, '/api/employees/options');
  const daan = people.find((e) => e.name.startsWith('Daan'));
  if (!daan) throw new Error('no Daan');
  const projectName = `Permissies project ${tag}`;
  const project = await apiPost<{ id: number }>(page, '/api/projects', {
    name: projectName,
    managerIds: [daan.id],
    companyIds: [company.id],
  });
  const deck = await apiPost<{ id: number }>(page, `/api/projects/${project.id}/areas`, { kind: 'deck', name: 'Dek 5' });
  const spa = await apiPost<{ id: number }>(page, `/api/projects/${project.id}/areas`, {
    kind: 'area',
    parentId: deck.id,
    number: 'A12',
    name: 'Spa',
  });
  await apiPost(page, `/api/projects/${project.id}/areas`, { kind: 'area', parentId: deck.id, number: 'A13', name: 'Lobby' });

  await page.reload();
  const card = page.getByRole('region', { name: projectName });
  await expect(card.getByText('Alle ruimtes')).toBeVisible();
  await card.getByRole('button', { name: `Ruimtes van ${projectName} wijzigen` }).click();
  await card.getByRole('radio', { name: /Alleen geselecteerde ruimtes/ }).check();

  // The deck covers its areas; then only the spa.
  await card.getByRole('checkbox', { name: /Dek 5/ }).check();
  await expect(card.getByRole('checkbox', { name: /A12 · Spa/ })).toBeDisabled();
  await expect(card.getByText('Valt onder Dek 5')).toHaveCount(2);
  await card.getByRole('checkbox', { name: /Dek 5/ }).uncheck();
  await card.getByRole('checkbox', { name: /A12 · Spa/ }).check();
  await card.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page, `De permissies voor ${projectName} zijn opgeslagen.`)).toBeVisible();
  await expect(card.getByText('Geselecteerde ruimtes (1)')).toBeVisible();

  // After a reload (the open project is in the URL) the choice is still there.
  await page.reload();
  const again = page.getByRole('region', { name: projectName });
  await expect(again.getByRole('radio', { name: /Alleen geselecteerde ruimtes/ })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: /A12 · Spa/ })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: /A13 · Lobby/ })).not.toBeChecked();
  await expect(again.getByRole('checkbox', { name: /Dek 5/ })).not.toBeChecked();
  const stored = await apiGet<{ data: { allAreas: boolean; areaIds: number[] } }>(
    page,
    `/api/companies/${company.id}/permissions/${project.id}`,
  );
  expect(stored.data).toMatchObject({ allAreas: false, areaIds: [spa.id] });
});

test('an English invitee sets a password on an English page and signs in on an English sign-in page', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag();
  await page.goto('/');
  const company = await apiPost<{ id: number }>(page, '/api/companies', { name: `Invitee E2E ${tag}`, sector: 'leisure' });
  const email = `sam.${tag.toLowerCase()}@e2e.test`;
  const invitedAt = new Date();
  await apiPost(page, `/api/companies/${company.id}/users`, {
    firstName: 'Sam',
    lastName: 'Carter',
    email,
    locale: 'en',
    sendInvitation: true,
  });
  const mail = await waitForMail({ to: email, subject: 'Your account is ready', since: invitedAt });
  const context = await browser.newContext();
  try {
    const portal = await context.newPage();
    await portal.goto(linkFrom(mail, '/auth/create-password'));
    await expect(portal.getByRole('heading', { name: 'Create password' })).toBeVisible();
    await expect(portal.locator('html')).toHaveAttribute('lang', 'en');
    await portal.getByRole('textbox', { name: 'New password' }).fill(PASSWORD);
    await portal.getByRole('textbox', { name: 'Repeat the password' }).fill(PASSWORD);
    await portal.getByRole('button', { name: 'Activate account' }).click();
    await expect(portal).toHaveURL('/auth/login?password=set');
    await expect(portal.getByText('Your password has been set. You can sign in now.')).toBeVisible();
    // A reload keeps English: the language is saved on the session, not only in the page.
    await portal.reload();
    await expect(portal.getByRole('button', { name: 'Log in' })).toBeVisible();
  } finally {
    await context.close();
  }
});
