import { ACCOUNTS, EMMA_RESET_PASSWORD, submitLogin } from './support/app';
import { expect, test } from './support/axe';
import { linkFrom, waitForMail } from './support/mail';

// The only test that changes Emma: her password (the portal specs read as her with either one).
const NEW_PASSWORD = EMMA_RESET_PASSWORD;

test('a customer resets a forgotten password through the mailed link, which then works only once', async ({ page }) => {
  const emma = ACCOUNTS.emma;
  const requestedAt = new Date();

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page).toHaveURL('/auth/reset-password');
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(emma.email);
  await page.getByRole('button', { name: 'Herstellink versturen' }).click();
  await expect(page.getByRole('status')).toContainText(`Als er een account bij ${emma.email} hoort, ontvang je`);

  const resetMail = await waitForMail({ to: emma.email, subject: 'Wachtwoord herstellen', since: requestedAt });
  const link = linkFrom(resetMail, '/auth/new-password');
  // The token travels in the fragment, which the browser never sends to a server.
  expect(new URL(link).hash).toMatch(/^#token=.+/);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Wachtwoord herstellen' })).toBeVisible();
  await expect(page.getByText(`Kies een nieuw wachtwoord voor ${emma.email}.`)).toBeVisible();
  await expect(page).toHaveURL('/auth/new-password');
  expect(page.url()).not.toContain('token');

  await page.getByLabel('Nieuw wachtwoord').fill(NEW_PASSWORD);
  await page.getByLabel('Herhaal het wachtwoord').fill(NEW_PASSWORD);
  const changedAt = new Date();
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();

  await expect(page).toHaveURL('/auth/login?reset=done');
  await expect(page.getByText('Je wachtwoord is gewijzigd. Je kunt nu inloggen.')).toBeVisible();

  // The old password no longer works...
  await submitLogin(page, emma);
  await expect(page.getByRole('alert').filter({ hasText: 'E-mailadres of wachtwoord klopt niet.' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  // ...the new one does.
  await submitLogin(page, { email: emma.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByText('Nordic Star Cruises', { exact: true })).toBeVisible();

  const changedMail = await waitForMail({ to: emma.email, subject: 'Je wachtwoord is gewijzigd', since: changedAt });
  expect(changedMail.text).toContain('Hallo Emma,');

  // Signed out again, the same link is refused: a reset link works once.
  // Emma's first-login welcome shows until she (or a spec signing in as her before this one) closes it.
  const welcome = page.getByRole('dialog', { name: 'Welkom, Emma' });
  await page.waitForLoadState('networkidle');
  if (await welcome.isVisible()) {
    await welcome.getByRole('button', { name: 'Aan de slag' }).click();
    await expect(welcome).toBeHidden();
  }
  await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).first().click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Wachtwoord herstellen' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Deze link is ongeldig, al gebruikt of verlopen.');
  await expect(page.getByLabel('Nieuw wachtwoord')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Vraag een nieuwe link aan' })).toBeVisible();
});
