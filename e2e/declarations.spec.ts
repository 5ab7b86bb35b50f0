import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { animationsDone, toast } from './support/app';
import { expect, test } from './support/axe';

test.use({ actor: 'admin' });

/**
 * Declarations and overnight stays. The admin (hours rights) adds a category and a
 * payment type under settings, files a declaration with a PNG receipt for the project leader
 * (one may not decide one's own), opens it, approves it after confirming and finds it under
 * Goedgekeurd; then registers an overnight stay of their own on the full-screen form of a phone.
 * Screens at 1280 and 390 px go to /tmp/shots/declarations/ when DECLARATION_SHOTS is set.
 */

const SHOTS = '/tmp/shots/declarations';
const PROJECT = 'MS Noordam refit 2027';
/** A 60 x 80 PNG (a receipt of grey lines): small, and a real image the server sniffs as PNG. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADwAAABQCAIAAADKqIEEAAAAaklEQVR42u3UMREAMAgEQYRFWLRTISJNgH0FW/xcZMMFNDQ0NDQ09Dj0/WA70D4NDQ2t0zrt09DQOq3TOg0NDa3TOu3T0NDQOq3T0NDQOq3TPg0NDa3TOu3T0NA6rdM6vRF9ngcNDQ0NnQU6mjkAhle3RAAAAABJRU5ErkJggg==',
  'base64',
);

async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.DECLARATION_SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await animationsDone(page);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await animationsDone(page);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
  await animationsDone(page);
}

test('files a declaration with a receipt for a colleague, approves it, and registers an overnight stay', async ({ page }) => {
  test.setTimeout(process.env.DECLARATION_SHOTS ? 240_000 : 120_000);
  const suffix = Date.now().toString(36);
  const category = `Reiskosten ${suffix}`;
  const paymentType = `Eigen geld ${suffix}`;
  const description = `Treinkaartje Rotterdam ${suffix}`;
  await page.setViewportSize({ width: 1280, height: 900 });

  // Settings: a category and a payment type.
  await page.goto('/settings/declarations');
  await expect(page.getByRole('heading', { level: 1, name: 'Declaraties' })).toBeVisible();
  for (const [button, name] of [
    ['Nieuwe categorie', category],
    ['Nieuwe betaalwijze', paymentType],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: button });
    await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(toast(page, `${name} toegevoegd.`)).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  }
  await shots(page, 'settings');

  // A declaration for the project leader, with the receipt.
  await page.goto('/declarations');
  await expect(page.getByRole('heading', { level: 1, name: 'Declaraties' })).toBeVisible();
  await page.getByRole('button', { name: 'Nieuwe declaratie' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nieuwe declaratie' });
  await form.getByRole('combobox', { name: /^Voor medewerker/ }).fill('Daan');
  await page.getByRole('option', { name: /Daan/ }).first().click();
  await form.getByRole('textbox', { name: /^Bedrag/ }).fill('12,50');
  await form.getByRole('textbox', { name: /^Omschrijving/ }).fill(description);
  await form.getByRole('combobox', { name: /^Categorie/ }).click();
  await page.getByRole('option', { name: category }).click();
  await form.getByRole('combobox', { name: /^Betaalwijze/ }).click();
  await page.getByRole('option', { name: paymentType }).click();
  await form.getByRole('combobox', { name: /^Project/ }).fill('Noordam');
  await page.getByRole('option', { name: PROJECT }).click();
  await form
    .getByLabel('Bestanden uploaden voor Bon')
    .setInputFiles({ name: 'bon.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
  await expect(form.getByText('bon.png')).toBeVisible();
  await shots(page, 'form');
  await form.getByRole('button', { name: 'Indienen' }).click();
  await expect(toast(page, 'Declaratie ingediend.')).toBeVisible();
  await expect(form).toBeHidden();

  // It waits under Ingediend with the amount in euros; the drawer shows the receipt; approve it.
  const open = page.getByRole('button', { name: `Bekijk declaratie ${description}` });
  await expect(open).toBeVisible();
  await expect(page.getByText('€ 12,50').first()).toBeVisible();
  await shots(page, 'list');
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Declaratie', exact: true });
  await expect(drawer.getByRole('img', { name: `Bon van ${description}` })).toBeVisible();
  await shots(page, 'detail');
  await drawer.getByRole('button', { name: 'Goedkeuren' }).click();
  const confirm = page.getByRole('dialog', { name: 'Declaratie goedkeuren?' });
  await confirm.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(page, 'Declaratie goedgekeurd.')).toBeVisible();
  await expect(drawer.getByText('Goedgekeurd', { exact: true }).first()).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Markeren als betaald' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('tab', { name: 'Goedgekeurd' }).click();
  await expect(page).toHaveURL(/status=approved/);
  const row = page.getByRole('button', { name: `Bekijk declaratie ${description}` });
  await expect(row).toBeVisible();

  // An overnight stay of one's own, on a phone: the form fills the screen.
  const me = await page.request.get('/api/user/current', {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  const employeeId = ((await me.json()) as { data: { guardable: { id: number } } }).data.guardable.id;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/users/${employeeId}/overnights`);
  await page.getByRole('button', { name: 'Overnachting registreren' }).first().click();
  const stay = page.getByRole('dialog', { name: 'Overnachting registreren' });
  await stay.getByRole('combobox', { name: /^Project/ }).fill('Noordam');
  await page.getByRole('option', { name: PROJECT }).click();
  await stay.getByRole('textbox', { name: /^Nachten/ }).fill('2');
  await stay.getByRole('textbox', { name: /^Locatie/ }).fill(`Hotel Den Helder ${suffix}`);
  await stay.getByRole('button', { name: 'Overnachting registreren' }).click();
  await expect(toast(page, 'Overnachting geregistreerd.')).toBeVisible();
  await expect(page.getByText(`Hotel Den Helder ${suffix}`).first()).toBeVisible();
  await shots(page, 'user-overnights');

  await page.goto('/settings/overnights');
  await expect(page.getByRole('heading', { level: 1, name: 'Overnachtingen' })).toBeVisible();
  await expect(page.getByText(`Hotel Den Helder ${suffix}`).first()).toBeVisible();
  await shots(page, 'settings-overnights');
});
