import fs from 'node:fs';
import zlib from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS, getJson, postJson, switchLanguage, xsrfToken } from './support/app';
import { expect, test } from './support/axe';
import { onePagePdf } from './support/pdf';

// Markup on a drawing version, both sides at once: the admin puts a pin on page 1 of a PDF with
// the keyboard; Emma (Nordic Star Cruises) replies in the thread with a file, which the admin
// downloads, and draws a rectangle on an image drawing; after version 2 the thread shows there as
// carried over from v1, and is resolved there.
// Screens are photographed at 1280 and 390 px, in Dutch and English, into MARKUP_SHOTS when set.

const SHIP = 'MS Noordam refit 2027';

/** A 600 × 400 PNG: a light floor plan grey with a darker frame. */
function planPng(): Buffer {
  const w = 600;
  const h = 400;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const edge = x < 12 || y < 12 || x >= w - 12 || y >= h - 12 || (x > 290 && x < 302);
      const v = edge ? 90 : 235;
      raw.fill(v, y * (w * 3 + 1) + 1 + x * 3, y * (w * 3 + 1) + 4 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function shots(page: Page, name: string): Promise<void> {
  const SHOTS = process.env.MARKUP_SHOTS;
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function upload(request: APIRequestContext, name: string, mimeType: string, buffer: Buffer): Promise<number> {
  const res = await request.post('/api/files?purpose=drawing', {
    headers: { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(request) },
    multipart: { files: { name, mimeType, buffer } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { id: number }[] }).data[0]?.id as number;
}

test.use({ actor: 'admin' });

test('staff and client mark up a PDF and an image; a thread carries over to v2 and is resolved there', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Two drawings for Nordic Star on the ship, made over the API: a PDF and an image.
  const projects = await getJson<{ data: { id: number; name: string }[] }>(
    page.request,
    `/api/projects?q=${encodeURIComponent('Noordam')}&perPage=10`,
  );
  const shipId = projects.data.find((p) => p.name === SHIP)?.id as number;
  const companies = await getJson<{ data: { id: number; name: string }[] }>(
    page.request,
    `/api/companies?q=${encodeURIComponent('Nordic Star')}&perPage=10`,
  );
  const nordic = companies.data.find((c) => c.name === 'Nordic Star Cruises')?.id as number;
  type Created = { data: { id: number; versions: { id: number }[] } };
  const make = async (name: string, fileId: number) =>
    (
      await postJson<Created>(page.request, `/api/projects/${shipId}/drawings`, {
        name,
        description: '',
        companyId: nordic,
        drawingDate: '2026-11-20',
        employeeId: null,
        fileId,
        notes: '',
      })
    ).data;
  const pdf = await make(
    `Markup wandkast ${tag}`,
    await upload(page.request, 'wandkast.pdf', 'application/pdf', onePagePdf('V1')),
  );
  const image = await make(`Markup plattegrond ${tag}`, await upload(page.request, 'plattegrond.png', 'image/png', planPng()));
  const pdfV1 = pdf.versions[0]?.id as number;
  const imageV1 = image.versions[0]?.id as number;

  // The admin: a pin on page 1 of the PDF, placed with the keyboard.
  await page.goto(`/projects/${shipId}/drawings/${pdf.id}/versions/${pdfV1}`);
  await expect(page.getByText('Pagina 1 van 1')).toBeVisible();
  await page.getByRole('button', { name: 'Pin' }).click();
  const surface = page.getByRole('application', { name: 'Pagina 1: plaats een pin' });
  await expect(surface).toBeFocused();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: /Opmerking bij de nieuwe pin op pagina 1/ }).fill('Deze wand 5 cm naar links');
  await page.keyboard.press('Enter');
  const staffPin = page.getByRole('button', { name: 'Opmerking 1 op pagina 1: Deze wand 5 cm naar links' });
  await expect(staffPin).toBeVisible();
  // Placed at 40 % × 40 % of the page: it stays there at another zoom.
  const where = async () => {
    const pin = await staffPin.boundingBox();
    const canvas = await page.locator('canvas').first().boundingBox();
    if (!pin || !canvas) throw new Error('no pin or page');
    return [(pin.x + pin.width / 2 - canvas.x) / canvas.width, (pin.y + pin.height / 2 - canvas.y) / canvas.height];
  };
  expect((await where()).map((v) => Math.round(v * 100))).toEqual([40, 40]);
  await page.getByRole('button', { name: 'Inzoomen' }).click();
  await expect(page.getByText('125%')).toBeVisible();
  await expect.poll(async () => (await where()).map((v) => Math.round(v * 100))).toEqual([40, 40]);
  await page.getByRole('button', { name: /^Zoom 125%/ }).click();
  await shots(page, 'staff-pdf-pin');

  // Emma, in a browser of her own: the pin, and her reply in its thread.
  const portal = await pageAs('emma');
  await portal.setViewportSize({ width: 1280, height: 900 });
  await portal.goto(`/drawings/${pdf.id}/versions/${pdfV1}`);
  const emmaPin = portal.getByRole('button', { name: 'Opmerking 1 op pagina 1: Deze wand 5 cm naar links' });
  await expect(emmaPin).toBeVisible();
  await emmaPin.click();
  const thread = portal.getByRole('listitem', { name: 'Opmerking 1' });
  await expect(thread).toBeFocused();
  await thread.getByRole('button', { name: 'Reageren op opmerking 1' }).click();
  await portal.getByRole('textbox', { name: 'Reactie op opmerking 1' }).fill('Akkoord, dan past de kast');
  // With a file of her own, as on a comment.
  await portal
    .getByLabel('Bijlagen toevoegen aan de reactie op opmerking 1')
    .setInputFiles({ name: 'maten-hut.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Maten') });
  await expect(thread.getByRole('list', { name: 'Bijlagen' }).getByText('maten-hut.pdf')).toBeVisible();
  await shots(portal, 'portal-reply-attachment');
  await portal.getByRole('textbox', { name: 'Reactie op opmerking 1' }).press('Enter');
  const replies = thread.getByRole('list', { name: 'Reacties' });
  await expect(replies).toContainText('Akkoord, dan past de kast');
  await expect(replies.getByRole('link', { name: 'maten-hut.pdf' })).toBeVisible();

  // Emma draws a rectangle on the image with the mouse.
  await portal.goto(`/drawings/${image.id}/versions/${imageV1}`);
  await expect(portal.getByRole('img', { name: 'Voorbeeld van versie 1' })).toBeVisible();
  await portal.getByRole('button', { name: 'Rechthoek' }).click();
  const box = await portal.getByRole('application', { name: 'Pagina 1: teken een rechthoek' }).boundingBox();
  if (!box) throw new Error('no image');
  await portal.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.2);
  await portal.mouse.down();
  await portal.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.35, { steps: 5 });
  await portal.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.5, { steps: 5 });
  await portal.mouse.up();
  await portal.getByRole('textbox', { name: /Opmerking bij de nieuwe rechthoek op pagina 1/ }).fill('Welke vloer komt hier?');
  await portal.getByRole('button', { name: 'Opmerking plaatsen' }).click();
  await expect(portal.getByRole('button', { name: 'Opmerking 1 op pagina 1: Welke vloer komt hier?' })).toBeVisible();
  await expect(portal.getByRole('listitem', { name: 'Opmerking 1' })).toContainText('Rechthoek op pagina 1');
  await shots(portal, 'portal-image-rect');

  // The PDF goes back with changes and the admin sends version 2 (over the API).
  await postJson(portal.request, `/api/client/drawings/${pdf.id}/versions/${pdfV1}/request-changes`, {
    body: 'Zie opmerking 1',
  });
  const v2 = (
    await postJson<{ data: { id: number } }>(page.request, `/api/projects/${shipId}/drawings/${pdf.id}/versions`, {
      fileId: await upload(page.request, 'wandkast-v2.pdf', 'application/pdf', onePagePdf('V2')),
      notes: 'Wand verplaatst',
    })
  ).data;

  // On version 2 the admin sees the open thread carried over from v1 and resolves it there.
  await page.goto(`/projects/${shipId}/drawings/${pdf.id}/versions/${v2.id}`);
  const carried = page.getByRole('listitem', { name: 'Opmerking 1' });
  await expect(carried.getByText('Meegenomen uit v1')).toBeVisible();
  await expect(carried).toContainText('Akkoord, dan past de kast');
  // Emma's attachment on her reply: the admin downloads it through the file route.
  const attachment = carried.getByRole('link', { name: 'maten-hut.pdf' });
  const download = await page.request.get((await attachment.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'Opmerking 1 op pagina 1: Deze wand 5 cm naar links' })).toBeVisible();
  await shots(page, 'staff-v2-carried-over');
  await carried.getByRole('button', { name: 'Opmerking 1 oplossen' }).click();
  await expect(page.getByText('Opmerking 1 is opgelost.')).toBeVisible();
  const showResolved = page.getByRole('switch', { name: 'Toon opgeloste (1)' });
  await expect(showResolved).toBeVisible();
  await showResolved.check();
  await expect(page.getByRole('listitem', { name: 'Opmerking 1' }).getByText('Opgelost', { exact: true })).toBeVisible();

  // Emma sees it resolved on version 1 too (one thread, resolved everywhere).
  await portal.goto(`/drawings/${pdf.id}/versions/${pdfV1}`);
  await portal.getByRole('switch', { name: 'Toon opgeloste (1)' }).check();
  await expect(portal.getByRole('listitem', { name: 'Opmerking 1' }).getByText(/Opgelost door .* op/)).toBeVisible();

  // The same screen in English.
  await switchLanguage(page, 'EN');
  await page.getByRole('switch', { name: 'Show resolved (1)' }).check();
  await expect(page.getByRole('listitem', { name: 'Comment 1' }).getByText('Carried over from v1')).toBeVisible();
  await shots(page, 'staff-v2-resolved-en');
  await switchLanguage(page, 'NL');
});
