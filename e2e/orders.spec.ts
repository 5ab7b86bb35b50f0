import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, toast } from './support/app';
import { expect, test } from './support/axe';
import { waitForMail } from './support/mail';

// Product requests and orders, both sides in one test: Emma (Nordic Star Cruises)
// requests a new product with a thumbnail; the admin approves it into a new catalogue product and
// sends design v1; Emma (mailed) asks for changes; the admin sends v2; Emma approves it; the admin
// adds a final file and completes the order; Emma downloads the final file.
// Screens are photographed at desktop width and at 390 px into ORDERS_SHOTS when it is set (e.g.
// /tmp/shots/orders-web); the tour (tour-*.spec.ts) checks every screen at both widths on every run.

/** The screen as it is, full page, at desktop width and at 390 px (then back to the desktop). */
async function shots(page: Page, name: string): Promise<void> {
  const SHOTS = process.env.ORDERS_SHOTS;
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  // The layout follows the width after a frame or two.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** A real PNG drawn by the browser (the server checks the bytes). */
async function png(page: Page, label: string, color: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([text, fill]) => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 420;
      const g = c.getContext('2d');
      if (!g) return '';
      g.fillStyle = fill ?? '#ccc';
      g.fillRect(0, 0, 640, 420);
      g.fillStyle = '#222';
      g.font = 'bold 48px sans-serif';
      g.fillText(text ?? '', 40, 220);
      return c.toDataURL('image/png');
    },
    [label, color],
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n% ${text}\n`,
    'latin1',
  );

test.use({ actor: 'admin' });

test('a requested product becomes an order, goes through two designs and is completed with a final file', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const productName = `Barkruk Nordic ${stamp}`;
  const since = new Date();

  // Emma, in a browser context of her own.
  const emma = await pageAs('emma');
  await emma.goto('/');
  await emma.getByRole('link', { name: 'Bestellingen' }).first().click();
  await expect(emma.getByRole('heading', { level: 1, name: 'Bestellingen' })).toBeVisible();
  await expect(emma.getByRole('radio', { name: 'Lopende bestellingen' })).toBeChecked();
  await shots(emma, 'client-orders');
  await emma
    .locator('label')
    .filter({ hasText: /^Aangevraagd$/ })
    .click();
  await expect(emma).toHaveURL(/tab=requested/);
  await shots(emma, 'client-orders-requested');

  // The request: a new product with a title and a thumbnail, a description and a file.
  await emma.getByRole('link', { name: 'Product aanvragen' }).first().click();
  await expect(emma.getByRole('heading', { level: 1, name: 'Product aanvragen' })).toBeVisible();
  await emma
    .locator('label')
    .filter({ hasText: /^Nieuw product$/ })
    .click();
  await emma.getByRole('textbox', { name: 'Naam van het nieuwe product' }).fill(productName);
  await emma.getByRole('textbox', { name: 'Naam van het nieuwe product' }).blur();
  await expect(emma.getByRole('textbox', { name: 'Titel' })).toHaveValue(productName);
  await emma
    .getByLabel('Afbeelding uploaden voor Afbeelding')
    .setInputFiles({ name: 'kruk.png', mimeType: 'image/png', buffer: await png(emma, 'Kruk', '#d9b38c') });
  await expect(emma.getByText('kruk.png')).toBeVisible();
  await emma.getByRole('textbox', { name: 'Omschrijving' }).fill('Hoge kruk met rugleuning voor de bar op dek 5.');
  await emma.getByRole('textbox', { name: 'Aantal' }).fill('12');
  await emma
    .getByLabel('Bestanden uploaden voor Bestanden')
    .setInputFiles({ name: 'maten.pdf', mimeType: 'application/pdf', buffer: pdf('maten') });
  await expect(emma.getByRole('link', { name: 'maten.pdf' })).toBeVisible();
  await shots(emma, 'client-request-form');
  await emma.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(toast(emma, `Je aanvraag ‘${productName}’ is verstuurd.`)).toBeVisible();
  await expect(emma).toHaveURL(/\/orders\/\d+$/);
  const orderId = Number(new URL(emma.url()).pathname.split('/').pop());
  await expect(emma.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(emma.getByText('Aangevraagd', { exact: true }).first()).toBeVisible();
  await shots(emma, 'client-order-requested');

  // The admin: the request waits under Aanvragen; approved into a new product.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Aanvragen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aanvragen' })).toBeVisible();
  await expect(page.getByRole('link', { name: productName })).toBeVisible();
  await shots(page, 'staff-requests');
  await page.getByRole('link', { name: productName }).click();
  await expect(page).toHaveURL(`/requests/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await shots(page, 'staff-request');
  await page.getByRole('button', { name: 'Aanvraag goedkeuren' }).click();
  const approve = page.getByRole('dialog', { name: 'Aanvraag goedkeuren' });
  await expect(approve.getByRole('radio', { name: /Een nieuw product maken/ })).toBeChecked();
  await expect(approve.getByRole('textbox', { name: /Naam van het nieuwe product/ })).toHaveValue(productName);
  await shots(page, 'staff-approve-modal');
  await approve.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(toast(page, `‘${productName}’ is goedgekeurd.`)).toBeVisible();
  await expect(page.getByText('In behandeling', { exact: true }).first()).toBeVisible();

  // Design v1 with a preview image.
  const sendVersion = async (number: number, comment: string, color: string) => {
    await page.getByRole('button', { name: 'Ter goedkeuring versturen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ontwerp ter goedkeuring versturen' });
    await dialog.getByRole('textbox', { name: 'Toelichting' }).fill(comment);
    await dialog.getByLabel('Bestanden uploaden voor Voorbeeld (afbeelding of PDF)').setInputFiles({
      name: `ontwerp-v${number}.png`,
      mimeType: 'image/png',
      buffer: await png(page, `Ontwerp v${number}`, color),
    });
    await expect(dialog.getByRole('link', { name: `ontwerp-v${number}.png` })).toBeVisible();
    if (number === 1) await shots(page, 'staff-send-version-modal');
    await dialog.getByRole('button', { name: 'Versturen' }).click();
    await expect(toast(page, `Versie ${number} is ter goedkeuring verstuurd.`)).toBeVisible();
    await expect(page.getByText('Wacht op goedkeuring', { exact: true }).first()).toBeVisible();
  };
  await sendVersion(1, 'Eerste opzet in eiken.', '#d9b38c');
  await expect(page.getByRole('button', { name: 'Ter goedkeuring versturen' })).toBeDisabled();
  await expect(page.getByText('Er wacht al een ontwerpversie op goedkeuring van de klant.')).toBeVisible();
  await shots(page, 'staff-order-pending');

  // Emma is mailed; she asks for changes.
  const mail = await waitForMail({ to: ACCOUNTS.emma.email, subject: `Ontwerp ter goedkeuring: ${productName}`, since });
  expect(mail.text).toContain(`/orders/${orderId}`);
  await emma.reload();
  await expect(emma.getByText('Er wacht een ontwerp op je goedkeuring')).toBeVisible();
  await expect(emma.getByRole('img', { name: 'Voorbeeld van ontwerp versie 1' })).toBeVisible();
  await shots(emma, 'client-order-pending');
  await emma.getByRole('button', { name: 'Wijzigingen vragen' }).click();
  const deny = emma.getByRole('dialog', { name: 'Wijzigingen vragen op versie 1' });
  await deny.getByRole('textbox', { name: /Wat moet er anders/ }).fill('Graag in donker walnoot en 5 cm hoger.');
  await shots(emma, 'client-deny-modal');
  await deny.getByRole('button', { name: 'Wijzigingen versturen' }).click();
  await expect(toast(emma, 'Je wijzigingen zijn verstuurd.')).toBeVisible();
  await expect(emma.getByText('Wijzigingen gevraagd', { exact: true }).first()).toBeVisible();

  // The admin sends v2; v1 stays readable and locked.
  await page.reload();
  await expect(page.getByText('Graag in donker walnoot en 5 cm hoger.').first()).toBeVisible();
  await sendVersion(2, 'Walnoot, zithoogte 80 cm.', '#6b4a2f');

  // Emma approves v2.
  await emma.reload();
  const versions = emma.getByTestId('order-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(1).getByText('Vergrendeld')).toBeVisible();
  await emma.getByRole('button', { name: 'Ontwerp goedkeuren' }).click();
  const confirm = emma.getByRole('dialog', { name: 'Versie 2 goedkeuren?' });
  await confirm.getByRole('button', { name: 'Ontwerp goedkeuren' }).click();
  await expect(toast(emma, 'Je hebt versie 2 goedgekeurd.')).toBeVisible();
  await expect(emma.getByText('Ontwerp goedgekeurd', { exact: true }).first()).toBeVisible();

  // The admin adds a final file and completes the order.
  await page.reload();
  await page.getByRole('button', { name: 'Definitieve bestanden toevoegen' }).click();
  const files = page.getByRole('dialog', { name: 'Definitieve bestanden toevoegen' });
  await files
    .getByLabel('Bestanden uploaden voor Definitieve bestanden')
    .setInputFiles({ name: `productieblad-${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdf('productieblad') });
  await expect(files.getByRole('link', { name: `productieblad-${stamp}.pdf` })).toBeVisible();
  await files.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(toast(page, `De definitieve bestanden zijn toegevoegd aan ‘${productName}’.`)).toBeVisible();
  await page.getByRole('button', { name: 'Bestelling afronden' }).click();
  await page
    .getByRole('dialog', { name: `‘${productName}’ afronden?` })
    .getByRole('button', { name: 'Bestelling afronden' })
    .click();
  await expect(toast(page, `‘${productName}’ is afgerond.`)).toBeVisible();
  await expect(page.getByText('Afgerond', { exact: true }).first()).toBeVisible();
  await shots(page, 'staff-order-completed');

  // Emma downloads the final file; the order is under Afgerond and can be reordered.
  await emma.reload();
  await expect(emma.getByRole('button', { name: 'Opnieuw bestellen' })).toBeVisible();
  await shots(emma, 'client-order-completed');
  const finals = emma.getByRole('region', { name: 'Definitieve bestanden' });
  const [download] = await Promise.all([
    emma.waitForEvent('download'),
    finals.getByRole('link', { name: `productieblad-${stamp}.pdf` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`productieblad-${stamp}.pdf`);
  await emma.goto('/orders?tab=completed');
  await expect(emma.getByRole('link', { name: productName })).toBeVisible();
  await shots(emma, 'client-orders-completed');
});
