import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS, xsrfToken } from './support/app';
import { expect, test } from './support/axe';
import { onePagePdf } from './support/pdf';

// A drawing from the portal, both sides in one test: Emma (Nordic Star Cruises) makes a drawing
// with a PDF on the ship's project, in one of its areas; a new version while it waits is refused
// with the specification's message (on the page and, forced, by the API with 409); the admin
// reads "Wacht op jullie beoordeling" and asks for changes; Emma uploads version 2; the admin
// approves it; Emma sees the drawing approved. Screens are photographed at 1280 px and 390 px into
// DRAWINGS_SHOTS when it is set.

const SHIP = 'MS Noordam refit 2027';

/** The screen, full page, at 1280 px and at 390 px, into DRAWINGS_SHOTS when it is set. */
async function shots(page: Page, name: string): Promise<void> {
  const SHOTS = process.env.DRAWINGS_SHOTS;
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
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

const PENDING = 'Er kan geen nieuwe versie worden gemaakt: de laatste versie wacht nog op goedkeuring.';

test.use({ actor: 'admin' });

test('a client makes a drawing, staff ask for changes, the client sends version 2, staff approve it', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const name = `Eigen schets hut ${Date.now().toString(36)}`;
  const shipId = await projectId(page.request);

  // Emma: Tekeningen › Nieuwe tekening, on the ship, in one of its areas, with a PDF.
  const portal = await pageAs('emma');
  await portal.goto('/drawings');
  await portal.getByRole('link', { name: 'Nieuwe tekening' }).first().click();
  await expect(portal).toHaveURL('/drawings/new');
  await expect(portal.getByRole('heading', { level: 1, name: 'Nieuwe tekening' })).toBeVisible();
  await expect(portal.getByText('Veel bestanden? Comprimeer ze eerst tot één ZIP-bestand.', { exact: false })).toBeVisible();
  await portal.getByRole('textbox', { name: 'Naam' }).fill(name);
  // With one project it is chosen already (choosing it again would clear it).
  const project = portal.getByRole('combobox', { name: 'Project' });
  if ((await project.inputValue()) !== SHIP) {
    await project.click();
    await portal.getByRole('option', { name: SHIP }).click();
  }
  await expect(project).toHaveValue(SHIP);
  await portal.getByRole('combobox', { name: 'Ruimte' }).click();
  const firstArea = portal.getByRole('option').first();
  const areaPath = (await firstArea.textContent()) ?? '';
  await firstArea.click();
  await portal.getByRole('textbox', { name: 'Omschrijving' }).fill('Zo zien wij de hutkast.');
  await portal
    .getByLabel('Bestand kiezen voor Tekening')
    .setInputFiles({ name: 'eigen-schets-v1.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Schets V1') });
  await expect(portal.getByText('eigen-schets-v1.pdf')).toBeVisible();
  await shots(portal, 'portal-create');
  await portal.getByRole('button', { name: 'Tekening aanmaken' }).click();
  await expect(portal).toHaveURL(/\/drawings\/(\d+)\?tab=versions$/);
  const drawingId = Number(portal.url().match(/drawings\/(\d+)/)?.[1]);
  // While version 1 waits for staff: no new version, with the specification's message.
  await expect(portal.getByRole('button', { name: 'Nieuwe versie' })).toBeDisabled();
  await expect(portal.getByText(PENDING)).toBeVisible();
  await expect(portal.getByText('Wacht op ons team')).toBeVisible();
  await shots(portal, 'portal-drawing-versions');
  // Forced past the button, the API refuses with 409 all the same.
  const headers = { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(portal.request) };
  const upload = await portal.request.post('/api/files?purpose=drawing', {
    headers,
    multipart: { files: { name: 'te-vroeg.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Te vroeg') } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const early = await portal.request.post(`/api/client/drawings/${drawingId}/versions`, {
    headers,
    data: { fileId: ((await upload.json()) as { data: { id: number }[] }).data[0]?.id, notes: '' },
  });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { code: string }).code).toBe('DRAWING_PENDING');
  await portal.getByRole('tab', { name: 'Gegevens' }).click();
  await expect(portal.getByText(areaPath.split(' › ').at(-1) ?? areaPath).first()).toBeVisible();
  await shots(portal, 'portal-drawing-details');
  await portal.getByRole('tab', { name: 'Opties' }).click();
  await expect(portal.getByRole('button', { name: 'Tekening verwijderen' })).toBeEnabled();
  await shots(portal, 'portal-drawing-options');

  // The admin: the drawing waits for staff; changes are asked.
  await page.goto(`/projects/${shipId}/drawings`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Wacht op jullie beoordeling')).toBeVisible();
  await shots(page, 'staff-list');
  await page.goto(`/projects/${shipId}/drawings/${drawingId}?tab=versions`);
  await page.getByRole('link', { name: 'Versie 1' }).click();
  await expect(page.getByText('De klant heeft deze versie geplaatst: keur haar goed of vraag om wijzigingen.')).toBeVisible();
  await page.getByRole('button', { name: 'Wijzigingen vragen' }).click();
  const changes = page.getByRole('dialog', { name: 'Wijzigingen vragen' });
  await changes.getByRole('textbox', { name: /Wat moet er anders/ }).fill('Kast 10 cm smaller, graag.');
  await changes.getByRole('button', { name: 'Wijzigingen versturen' }).click();
  await expect(changes).toBeHidden();
  await expect(page.getByText(/Wijzigingen gevraagd door .* op/)).toBeVisible();
  await shots(page, 'staff-version-1');

  // Emma: version 2 through "Nieuwe versie".
  await portal.goto(`/drawings/${drawingId}?tab=versions`);
  const newVersion = portal.getByRole('button', { name: 'Nieuwe versie' });
  await expect(newVersion).toBeEnabled();
  await newVersion.click();
  const modal = portal.getByRole('dialog', { name: 'Nieuwe versie (versie 2)' });
  await modal
    .getByLabel('Bestand kiezen voor Tekening')
    .setInputFiles({ name: 'eigen-schets-v2.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Schets V2') });
  await expect(modal.getByText('eigen-schets-v2.pdf')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Toelichting bij deze versie' }).fill('10 cm smaller.');
  await modal.getByRole('button', { name: 'Versie plaatsen' }).click();
  await expect(portal).toHaveURL(new RegExp(`/drawings/${drawingId}/versions/(\\d+)$`));
  await expect(portal.getByRole('heading', { level: 1, name: `${name} – versie 2` })).toBeVisible();
  // Her own version: the team decides it.
  await expect(portal.getByText('Deze versie hebben jullie zelf geplaatst: ons team beoordeelt haar.')).toBeVisible();
  const v2 = Number(portal.url().match(/versions\/(\d+)/)?.[1]);

  // The admin approves version 2.
  await page.goto(`/projects/${shipId}/drawings/${drawingId}/versions/${v2}`);
  await page.getByRole('button', { name: 'Goedkeuren' }).click();
  await page.getByRole('dialog', { name: 'Versie 2 goedkeuren?' }).getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(page.getByText(/Goedgekeurd door .* op/)).toBeVisible();

  // Emma sees it approved, and no new version can come.
  await portal.goto(`/drawings/${drawingId}?tab=versions`);
  await expect(portal.getByText('Goedgekeurd', { exact: true }).first()).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Nieuwe versie' })).toBeDisabled();
  await expect(portal.getByText('Er kan geen nieuwe versie worden gemaakt: de tekening is al goedgekeurd.')).toBeVisible();
  await shots(portal, 'portal-drawing-approved');
});
