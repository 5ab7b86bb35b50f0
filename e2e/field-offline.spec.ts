import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type TestInfo } from '@playwright/test';
import { signInOverApi, tabStartsSignedIn } from './support/actors';
import { animationsDone, getJson, postJson, toast } from './support/app';
import { checkAccessibility, expect, test, watchAccessibility } from './support/axe';

/**
 * The field app offline (issue 28). The fitter (demo 'monteur') opens "Onderweg" on a phone once
 * online, so the service worker installs and keeps the shell and his planning and choices; then the
 * network goes away. He books a day, registers an overnight stay, files a declaration with a photo
 * and books one more day that the server will refuse (that day already holds 24 hours, booked over
 * the API first). All four wait on the phone; a reload offline opens the app from the service
 * worker with the four still there. Back online they are sent: the three exist exactly once on the
 * server, and the refused one says why and is corrected and sent.
 *
 * These tests run in browser contexts of their own with service workers allowed (every other spec
 * blocks them, playwright.config.ts). Screens go to /tmp/shots-i28-offline/ when FIELD_SHOTS is set.
 */

const PROJECT = 'MS Noordam refit 2027';
const SHOTS = '/tmp/shots-i28-offline';
/** A 60 x 80 PNG: the "photo" of the receipt. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADwAAABQCAIAAADKqIEEAAAAaklEQVR42u3UMREAMAgEQYRFWLRTISJNgH0FW/xcZMMFNDQ0NDQ09Dj0/WA70D4NDQ2t0zrt09DQOq3TOg0NDa3TOu3T0NDQOq3T0NDQOq3TPg0NDa3TOu3T0NA6rdM6vRF9ngcNDQ0NnQU6mjkAhle3RAAAAABJRU5ErkJggg==',
  'base64',
);

/** `YYYY-MM-DD` n days after a day. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The ISO week of a day, as `2031-W07`. */
function isoWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 4 - (d.getUTCDay() || 7));
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

async function fieldContext(browser: Browser, testInfo: TestInfo, signedIn: boolean): Promise<BrowserContext> {
  const { baseURL, locale, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    locale,
    timezoneId,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  await watchAccessibility(context);
  if (signedIn) {
    await context.addInitScript(tabStartsSignedIn, 'employee' as const);
    await signInOverApi(context.request, 'fitter');
  }
  return context;
}

/**
 * A browser with a profile on disk: Chromium never offers to install an app from an incognito
 * profile, which every `browser.newContext()` is (getInstallabilityErrors says 'in-incognito').
 */
async function profileContext(testInfo: TestInfo, dir: string, baseURL: string | undefined): Promise<BrowserContext> {
  const { locale, timezoneId, launchOptions } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(dir, {
    ...launchOptions,
    baseURL,
    locale,
    timezoneId,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  await watchAccessibility(context);
  return context;
}

/** The screen at 390 and at 1280 px wide (FIELD_SHOTS), then back at 390. */
async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.FIELD_SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await animationsDone(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, dialog: ReturnType<Page['getByRole']>, label: RegExp, option: string): Promise<void> {
  const box = dialog.getByRole('combobox', { name: label });
  const item = page.getByRole('option', { name: option, exact: true });
  // A list still loading (or the previous one still closing) can swallow the click: pick again
  // until the box shows the choice, so a lost click never reaches the form as "required".
  await expect(async () => {
    if (!(await item.isVisible())) await box.click();
    await item.click({ timeout: 5_000 });
    await expect(box).toHaveValue(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function bookHours(page: Page, date: string, time: string): Promise<void> {
  await page.getByRole('button', { name: 'Uren boeken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Uren boeken' });
  await dialog.getByLabel(/^Datum/).fill(date);
  await choose(page, dialog, /^Project/, PROJECT);
  await choose(page, dialog, /^Activiteit/, 'Montage');
  await dialog.getByRole('textbox', { name: /^Tijd/ }).fill(time);
  await dialog.getByRole('button', { name: 'Boeken' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * A GET on the API from the page, with its session. After the network came back the test's own
 * request context may hold a connection the server has closed meanwhile; the page opens its own.
 */
async function pageGet<T>(page: Page, url: string): Promise<T> {
  const answer = await page.evaluate(async (u) => {
    const res = await fetch(u, { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } });
    return { status: res.status, body: await res.text() };
  }, url);
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

/** The fitter's bookings on a day, from the server. */
async function bookedOn(page: Page, date: string): Promise<{ minutes: number }[]> {
  const week = await pageGet<{ data: { days: { date: string; entries: { minutes: number }[] }[] } }>(
    page,
    `/api/hours/week?week=${isoWeek(date)}`,
  );
  return week.data.days.find((d) => d.date === date)?.entries ?? [];
}

test('a fitter offline books a day, an overnight stay and a declaration with a photo; back online each arrives once and a refusal is corrected', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const context = await fieldContext(browser, testInfo, true);
  const suffix = `${Date.now().toString(36)}${testInfo.retry}`;
  // Days of their own, years ahead: nothing else books there.
  const base = addDays('2031-01-06', (Date.now() % 900) * 2);
  const [day, fullDay, correctedDay] = [base, addDays(base, 1), addDays(base, 2)];
  const hotel = `Hotel Den Helder ${suffix}`;
  const description = `Parkeren werf ${suffix}`;
  try {
    // The day the server will refuse: 24 hours on it already.
    const projects = await getJson<{ data: { id: number; name: string }[] }>(context.request, '/api/hours/projects?q=Noordam');
    const projectId = projects.data.find((p) => p.name === PROJECT)?.id;
    expect(projectId).toBeDefined();
    await postJson(context.request, '/api/hours', { date: fullDay, projectId, minutes: 1440, activity: 'installation' });

    // Online once: the service worker installs and takes the page; a reload through it keeps the reads.
    const page = await context.newPage();
    await page.goto('/field');
    // The first visit also downloads the whole app for the service worker's cache: on a busy
    // 2-core machine that takes a while, so these waits are longer than the default.
    await expect(page.getByRole('heading', { level: 1, name: 'Onderweg' })).toBeVisible({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Onderweg' })).toBeVisible();
    const kept = () =>
      page.evaluate(async () => (await (await caches.open('api-reads-v1')).keys()).map((r) => new URL(r.url).pathname).sort());
    await expect
      .poll(kept)
      .toEqual(
        expect.arrayContaining([
          '/api/hours/projects',
          '/api/locale',
          '/api/planner/mine',
          '/api/settings/declarations/categories',
          '/api/settings/declarations/payment-types',
          '/api/user/current',
        ]),
      );

    await context.setOffline(true);
    await expect(page.getByText('Je bent offline', { exact: true })).toBeVisible();

    await bookHours(page, day, '8');
    await expect(toast(page, 'Bewaard op je telefoon.')).toBeVisible();
    await bookHours(page, fullDay, '8');

    await page.getByRole('button', { name: 'Overnachting' }).click();
    const stay = page.getByRole('dialog', { name: 'Overnachting registreren' });
    await choose(page, stay, /^Project/, PROJECT);
    await stay.getByLabel(/^Eerste nacht/).fill(day);
    await stay.getByRole('textbox', { name: /^Nachten/ }).fill('2');
    await stay.getByRole('textbox', { name: /^Locatie/ }).fill(hotel);
    await stay.getByRole('button', { name: 'Registreren' }).click();
    await expect(stay).toBeHidden();

    await page.getByRole('button', { name: 'Declaratie met foto' }).click();
    const claim = page.getByRole('dialog', { name: 'Declaratie met foto' });
    await claim.getByLabel(/^Foto van de bon/).setInputFiles({ name: 'bon.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(claim.getByText('Gekozen: bon.png')).toBeVisible();
    await claim.getByRole('textbox', { name: /^Bedrag/ }).fill('12,50');
    await claim.getByRole('textbox', { name: /^Omschrijving/ }).fill(description);
    await choose(page, claim, /^Categorie/, 'Parkeren');
    await choose(page, claim, /^Betaalwijze/, 'Tankpas');
    await claim.getByLabel(/^Datum/).fill(day);
    await shot(page, 'declaration-form-offline');
    await claim.getByRole('button', { name: 'Indienen' }).click();
    await expect(claim).toBeHidden();

    const waiting = page.getByRole('region', { name: 'Wacht op verzending' });
    await expect(waiting.getByTestId('outbox-entry')).toHaveCount(4);
    await expect(waiting.getByText('Wacht', { exact: true })).toHaveCount(4);
    await shot(page, 'waiting-offline');

    // Closed and opened again without a connection: the service worker serves the app, IndexedDB the queue.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Onderweg' })).toBeVisible();
    await expect(page.getByText('Je bent offline', { exact: true })).toBeVisible();
    await expect(waiting.getByTestId('outbox-entry')).toHaveCount(4);

    await context.setOffline(false);
    await expect(toast(page, '3 wachtende items verstuurd.')).toBeVisible();
    await expect(waiting.getByTestId('outbox-entry')).toHaveCount(1);
    const refused = waiting.getByTestId('outbox-entry');
    await expect(refused.getByText('Geweigerd: Met deze uren komt de dag boven de 24 uur.')).toBeVisible();
    await shot(page, 'refused');

    // Each of the three exactly once on the server.
    expect((await bookedOn(page, day)).map((b) => b.minutes)).toEqual([480]);
    const stays = await pageGet<{ data: { location: string; nights: number }[] }>(
      page,
      `/api/overnights?q=${encodeURIComponent(suffix)}`,
    );
    expect(stays.data.filter((s) => s.location === hotel)).toEqual([expect.objectContaining({ nights: 2 })]);
    const claims = await pageGet<{ data: { description: string; amountCents: number; receipt: { id: number } }[] }>(
      page,
      `/api/declarations?q=${encodeURIComponent(suffix)}`,
    );
    const filed = claims.data.filter((c) => c.description === description);
    expect(filed).toEqual([expect.objectContaining({ amountCents: 1250 })]);
    expect(await page.evaluate(async (u) => (await fetch(u)).status, `/api/files/${filed[0]?.receipt.id}`)).toBe(200);
    expect((await bookedOn(page, fullDay)).map((b) => b.minutes)).toEqual([1440]);

    // Corrected: another day, sent at once.
    await refused.getByRole('button', { name: 'Corrigeren' }).click();
    const fix = page.getByRole('dialog', { name: 'Corrigeren en opnieuw versturen' });
    await expect(fix.getByRole('textbox', { name: /^Tijd/ })).toHaveValue('8:00');
    await fix.getByLabel(/^Datum/).fill(correctedDay);
    await fix.getByRole('button', { name: 'Boeken' }).click();
    await expect(toast(page, `8:00 geboekt op ${PROJECT}.`)).toBeVisible();
    await expect(waiting).toBeHidden();
    expect((await bookedOn(page, correctedDay)).map((b) => b.minutes)).toEqual([480]);
    await checkAccessibility(context, testInfo);
  } finally {
    await context.close();
  }
});

/** The width and height a PNG says it has (its IHDR chunk). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('the app meets Chromium’s installability criteria: manifest, icons, a service worker that controls the page', async ({
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'field-profile-'));
  const context = await profileContext(testInfo, dir, baseURL);
  try {
    const page = await context.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href ?? '');
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Outfitting Portal', start_url: '/', display: 'standalone' });
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').includes('any'));
      expect(icon, `${size} px icon`).toBeDefined();
      const png = await page.request.get(icon?.src ?? '');
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(pngSize(await png.body())).toEqual({ width: size, height: size });
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);

    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    // Installed once the whole app is in its cache (a while on a busy machine).
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null, null, { timeout: 120_000 });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    await checkAccessibility(context, testInfo);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
