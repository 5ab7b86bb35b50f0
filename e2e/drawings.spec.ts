import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, API_HEADERS, xsrfToken } from './support/app';
import { expect, test } from './support/axe';
import { linkFrom, waitForMail } from './support/mail';
import { testPdf } from './support/pdf';

// The drawings approval module, both sides in one test: the admin makes a drawing with
// a two-page PDF on Nordic Star's ship; Emma (Nordic Star Cruises) finds it under Tekeningen,
// reads it page by page, comments with an attachment and asks for changes; the admin posts
// version 2 (Emma is mailed); Emma compares it with version 1 and approves it; after that the
// admin's "Nieuwe versie" is disabled with the reason, and the API refuses one with 409 all the same.
// Screens are photographed at desktop width and at 390 px into DRAWINGS_SHOTS when it is set.

const SHIP = 'MS Noordam refit 2027';
/** Version 2 is some 8 MB, nearly all of it bytes no page needs. */
const V2_PADDING = 8 * 1024 * 1024;

/**
 * The screen as it is, full page, at desktop width and at 390 px (then back to the desktop), for a
 * person to look at: into DRAWINGS_SHOTS when it is set (e.g. /tmp/shots/drawings-web). The tour
 * (tour-*.spec.ts) checks every screen at both widths on every run.
 */
async function shots(page: Page, name: string): Promise<void> {
  const SHOTS = process.env.DRAWINGS_SHOTS;
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  // The layout follows the width after a frame or two.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function projectId(request: APIRequestContext): Promise<number> {
  const res = await request.get(`/api/projects?q=${encodeURIComponent('Noordam')}&perPage=10`, { headers: API_HEADERS });
  expect(res.ok(), await res.text()).toBe(true);
  const found = ((await res.json()) as { data: { id: number; name: string }[] }).data.find((p) => p.name === SHIP);
  if (!found) throw new Error(`${SHIP} is not in the demo`);
  return found.id;
}

test.use({ actor: 'admin' });

test('a drawing goes to the client, comes back with changes, is approved, and then takes no new version', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(180_000);
  const name = `Wandkast hut 5001 ${Date.now().toString(36)}`;

  // The admin: Tekeningen on the ship's project, a new drawing with a PDF.
  const shipId = await projectId(page.request);
  await page.goto(`/projects/${shipId}/drawings`);
  await expect(
    page.getByRole('navigation', { name: `Onderdelen van ${SHIP}` }).getByRole('link', { name: 'Tekeningen', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await shots(page, 'staff-list');
  await page.getByRole('link', { name: 'Nieuwe tekening' }).first().click();
  await expect(page).toHaveURL(`/projects/${shipId}/drawings/new`);
  await expect(page.getByText('Veel bestanden? Comprimeer ze eerst tot één ZIP-bestand.', { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: 'Naam' }).fill(name);
  await page.getByRole('textbox', { name: 'Omschrijving' }).fill('Hutkast met spiegeldeur, eiken fineer.');
  const client = page.getByRole('combobox', { name: 'Klant' });
  if (!(await client.inputValue())) {
    await client.click();
    await page.getByRole('option', { name: 'Nordic Star Cruises' }).click();
  }
  await expect(client).toHaveValue('Nordic Star Cruises');
  await page
    .getByLabel('Bestand kiezen voor Tekening')
    .setInputFiles({ name: 'wandkast-v1.pdf', mimeType: 'application/pdf', buffer: testPdf('V1', { pages: 2 }) });
  await expect(page.getByText('wandkast-v1.pdf')).toBeVisible();
  await page.getByRole('textbox', { name: 'Toelichting bij deze versie' }).fill('Eerste opzet.');
  await shots(page, 'staff-create');
  const sentAt = new Date();
  await page.getByRole('button', { name: 'Tekening aanmaken' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${shipId}/drawings/(\\d+)\\?tab=versions$`));
  const drawingId = Number(page.url().match(/drawings\/(\d+)/)?.[1]);
  // Waiting for the client: no new version, and the page says why.
  await expect(page.getByRole('button', { name: 'Nieuwe versie' })).toBeDisabled();
  await expect(
    page.getByText('Er kan geen nieuwe versie worden gemaakt: de laatste versie wacht nog op goedkeuring.'),
  ).toBeVisible();
  await shots(page, 'staff-drawing-versions');
  await page.getByRole('tab', { name: 'Gegevens' }).click();
  await expect(page.getByRole('textbox', { name: 'Naam' })).toHaveValue(name);
  await shots(page, 'staff-drawing-details');
  await page.getByRole('tab', { name: 'Opties' }).click();
  await expect(page.getByRole('button', { name: 'Tekening verwijderen' })).toBeEnabled();
  await shots(page, 'staff-drawing-options');
  await waitForMail({ to: ACCOUNTS.emma.email, subject: `Tekening ter goedkeuring: ${name}`, since: sentAt });

  // Emma, in a browser of her own.
  const portal = await pageAs('emma');
  await portal.goto('/');
  await portal.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Tekeningen' }).click();
  await expect(portal).toHaveURL('/drawings');
  await expect(portal.getByRole('heading', { level: 1, name: 'Tekeningen' })).toBeVisible();
  await portal.getByRole('textbox', { name: 'Zoek op naam' }).fill(name);
  // The search is in the address once typing stops (debounced).
  await expect(portal).toHaveURL(/[?&]q=/);
  // Click only once the searched list has replaced the full one: a click that lands while the
  // table is swapped hits the row that is going away and goes nowhere.
  const drawingsTable = portal.getByRole('table', { name: /^Tekeningen/ });
  await expect(drawingsTable.getByRole('row')).toHaveCount(2);
  await drawingsTable.getByRole('link', { name }).click();
  await expect(portal).toHaveURL(`/drawings/${drawingId}`);
  await expect(portal.getByText('Hutkast met spiegeldeur, eiken fineer.')).toBeVisible();
  await shots(portal, 'portal-drawing');
  // The versions are the drawing page's second tab.
  await portal.getByRole('tab', { name: 'Versies (1)' }).click();
  await portal.getByRole('link', { name: 'Versie 1' }).click();
  await expect(portal).toHaveURL(new RegExp(`/drawings/${drawingId}/versions/\\d+$`));
  // The PDF in the browser, page by page.
  await expect(portal.getByText('Pagina 1 van 2')).toBeVisible();
  await portal.getByRole('button', { name: 'Volgende pagina' }).click();
  await expect(portal.getByText('Pagina 2 van 2')).toBeVisible();
  await portal.getByRole('button', { name: 'Inzoomen' }).click();
  await expect(portal.getByText('125%')).toBeVisible();
  await portal.getByRole('button', { name: /^Zoom 125%/ }).click();
  // By keyboard in the viewer: PageUp goes back a page.
  await portal.getByRole('region', { name: 'Voorbeeld van versie 1' }).focus();
  await portal.keyboard.press('PageUp');
  await expect(portal.getByText('Pagina 1 van 2')).toBeVisible();

  // A comment with an attachment.
  await portal.getByRole('textbox', { name: 'Reactie' }).fill('Kan de spiegel breder?');
  await portal
    .getByLabel('Bijlagen toevoegen aan de reactie')
    .setInputFiles({ name: 'schets.pdf', mimeType: 'application/pdf', buffer: testPdf('Schets') });
  await expect(portal.getByText('schets.pdf')).toBeVisible();
  await portal.getByRole('button', { name: 'Reactie plaatsen' }).click();
  const thread = portal.getByRole('list', { name: 'Opmerkingen bij deze versie' });
  await expect(thread.getByText('Kan de spiegel breder?')).toBeVisible();
  await expect(thread.getByRole('link', { name: 'schets.pdf' })).toBeVisible();

  // Changes, with what should change.
  await portal.getByRole('button', { name: 'Wijzigingen vragen' }).click();
  const changes = portal.getByRole('dialog', { name: 'Wijzigingen vragen' });
  await changes.getByRole('textbox', { name: /Wat moet er anders/ }).fill('Spiegel 20 cm breder, greep links.');
  await shots(portal, 'portal-request-changes');
  await changes.getByRole('button', { name: 'Wijzigingen versturen' }).click();
  await expect(changes).toBeHidden();
  await expect(portal.getByText(/Wijzigingen gevraagd door .* op/)).toBeVisible();
  await shots(portal, 'portal-version-1');

  // The admin: the drawing is open again; version 2.
  await page.goto(`/projects/${shipId}/drawings/${drawingId}?tab=versions`);
  const newVersion = page.getByRole('button', { name: 'Nieuwe versie' });
  await expect(newVersion).toBeEnabled();
  await newVersion.click();
  const modal = page.getByRole('dialog', { name: 'Nieuwe versie (versie 2)' });
  await modal.getByLabel('Bestand kiezen voor Tekening').setInputFiles({
    name: 'wandkast-v2.pdf',
    mimeType: 'application/pdf',
    buffer: testPdf('V2', { pages: 2, padding: V2_PADDING }),
  });
  await expect(modal.getByText('wandkast-v2.pdf')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Toelichting bij deze versie' }).fill('Spiegel breder, greep links.');
  await shots(page, 'staff-new-version');
  const v2At = new Date();
  await modal.getByRole('button', { name: 'Versie plaatsen' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${shipId}/drawings/${drawingId}/versions/\\d+$`));
  await expect(page.getByRole('heading', { name: `${name} – versie 2` })).toBeVisible();
  await expect(page.getByText('Pagina 1 van 2')).toBeVisible();
  await shots(page, 'staff-version-2');

  // Emma is mailed; the mail's link opens version 2, which she compares and approves.
  const mail = await waitForMail({ to: ACCOUNTS.emma.email, subject: `Tekening ter goedkeuring: ${name}`, since: v2At });
  // pdf.js reads the large PDF in ranges (206), never the whole file.
  const ranged: number[] = [];
  portal.on('response', (r) => {
    if (/\/api\/files\/\d+$/.test(new URL(r.url()).pathname) && r.status() === 206) ranged.push(r.status());
  });
  await portal.goto(new URL(linkFrom(mail, '/drawings/')).pathname);
  await expect(portal.getByRole('heading', { level: 1, name: `${name} – versie 2` })).toBeVisible();
  await expect(portal.getByText('Pagina 1 van 2')).toBeVisible();
  await expect.poll(() => ranged.length).toBeGreaterThan(0);
  await portal.getByRole('switch', { name: 'Vergelijk met versie 1' }).check();
  await expect(portal.getByRole('region', { name: 'Voorbeeld van versie 1' })).toBeVisible();
  await expect(portal.getByText('Pagina 1 van 2')).toHaveCount(2);
  await shots(portal, 'portal-compare');
  await portal.getByRole('button', { name: 'Goedkeuren' }).click();
  const confirm = portal.getByRole('dialog', { name: 'Versie 2 goedkeuren?' });
  await confirm.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(portal.getByText(/Goedgekeurd door .* op/)).toBeVisible();
  await portal.goto('/drawings?tab=approved');
  await portal.getByRole('textbox', { name: 'Zoek op naam' }).fill(name);
  await expect(portal.getByRole('link', { name }).first()).toBeVisible();
  await shots(portal, 'portal-list-approved');

  // The admin: approved, so no new version; the button says why.
  await page.goto(`/projects/${shipId}/drawings/${drawingId}?tab=versions`);
  await expect(page.getByRole('button', { name: 'Nieuwe versie' })).toBeDisabled();
  await expect(page.getByText('Er kan geen nieuwe versie worden gemaakt: de tekening is al goedgekeurd.')).toBeVisible();
  await shots(page, 'staff-drawing-approved');

  // Forced past the button, the API refuses with 409 and the code the page words the same way.
  const headers = { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(page.request) };
  const uploaded = await page.request.post('/api/files?purpose=drawing', {
    headers,
    multipart: { files: { name: 'wandkast-v3.pdf', mimeType: 'application/pdf', buffer: testPdf('V3', { pages: 2 }) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const fileId = ((await uploaded.json()) as { data: { id: number }[] }).data[0]?.id;
  const refused = await page.request.post(`/api/projects/${shipId}/drawings/${drawingId}/versions`, {
    headers,
    data: { fileId, notes: '' },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('DRAWING_APPROVED');
  await page.reload();
  await expect(page.getByText('Er kan geen nieuwe versie worden gemaakt: de tekening is al goedgekeurd.')).toBeVisible();

  // Options: deleted after a confirmation; the list no longer has it.
  await page.getByRole('tab', { name: 'Opties' }).click();
  await page.getByRole('button', { name: 'Tekening verwijderen' }).click();
  await page.getByRole('dialog', { name: 'Tekening verwijderen?' }).getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page).toHaveURL(`/projects/${shipId}/drawings`);
  await page.getByRole('tab', { name: 'Goedgekeurd' }).click();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});
