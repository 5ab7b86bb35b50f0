import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import type { ArticleListItem, SyncRun } from '../../packages/shared/src/articles/articles.ts';
import type { Page as ListPage } from '../../packages/shared/src/platform/http.ts';
import type { ProductOrder } from '../../packages/shared/src/products/products.ts';
import { checkAccessibility, watchAccessibility } from './axe';
import { test as erpTest, expect } from './erp';

/**
 * Helpers of the catalogue tests (catalogue.spec.ts): the app's API as the signed-in browser page
 * calls it, syncs started and waited for, and small images made on the spot.
 */

/**
 * The tests with the `erp` fixture (support/erp.ts) and `visitor`: a page in a browser context of
 * its own, signed out, as someone who opens the public catalogue (closed after the test).
 */
export const test = erpTest.extend<{ visitor: Page }>({
  visitor: async ({ browser }, use, testInfo) => {
    // browser.newContext() in a test takes the config's options (baseURL, locale, …) and is traced.
    const context = await browser.newContext();
    await watchAccessibility(context);
    try {
      await use(await context.newPage());
      await checkAccessibility(context, testInfo);
    } finally {
      await context.close();
    }
  },
});

export { expect };

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

async function xsrfToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie: sign in with logIn() first');
  return decodeURIComponent(cookie.value);
}

/** GET on the app's API with the page's session (page.request shares the browser context's cookies). */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: JSON_HEADERS });
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** POST on the app's API with the page's session and its CSRF token; answers the status and the body. */
export async function apiPost(page: Page, path: string, data: unknown): Promise<{ status: number; body: unknown }> {
  const res = await page.request.post(path, { headers: { ...JSON_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(page) }, data });
  return { status: res.status(), body: await res.json().catch(() => null) };
}

const isActive = (run: SyncRun) => run.status === 'queued' || run.status === 'running';

/** The newest sync run, or undefined when there has never been one. */
export async function newestRun(page: Page): Promise<SyncRun | undefined> {
  return (await apiGet<ListPage<SyncRun>>(page, '/api/articles/sync/runs?page=1&perPage=1')).data[0];
}

/** Waits (up to `timeoutMs`) until no sync run is queued or running. */
export async function waitForNoActiveRun(page: Page, timeoutMs = 90_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const run = await newestRun(page);
        return run ? run.status : 'none';
      },
      { timeout: timeoutMs, message: 'a sync run is still queued or running' },
    )
    .not.toMatch(/^(queued|running)$/);
}

/**
 * Runs an ERP sync over the API and waits for its end: how the tests put the articles back to
 * exactly what the stand-in ERP lists now, whatever earlier tests synced. A run still going (a test
 * that ended in the middle of one) is waited for first.
 */
export async function syncOverApi(page: Page, timeoutMs = 90_000): Promise<SyncRun> {
  await waitForNoActiveRun(page, timeoutMs);
  const started = await apiPost(page, '/api/articles/sync', {});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = (started.body as { data: SyncRun }).data.id;
  let run: SyncRun | undefined;
  await expect
    .poll(
      async () => {
        run = (await apiGet<{ data: SyncRun }>(page, `/api/articles/sync/runs/${id}`)).data;
        return isActive(run);
      },
      { timeout: timeoutMs, message: `sync run ${id} did not end` },
    )
    .toBe(false);
  const done = run as SyncRun;
  expect(done.status, `sync run ${id}: ${done.error} ${done.errorDetail ?? ''}`).toBe('succeeded');
  return done;
}

/** How many articles a tab of the article list holds (optionally matching a search). */
export async function articleCount(page: Page, tab: 'active' | 'deleted', q?: string): Promise<number> {
  const query = new URLSearchParams({ tab, perPage: '1' });
  if (q) query.set('q', q);
  return (await apiGet<ListPage<ArticleListItem>>(page, `/api/articles?${query}`)).meta.total;
}

/** Live articles whose name or number matches `q`, by article number. */
export async function findArticles(page: Page, q: string): Promise<ArticleListItem[]> {
  const query = new URLSearchParams({ q, sort: 'sku', perPage: '100' });
  return (await apiGet<ListPage<ArticleListItem>>(page, `/api/articles?${query}`)).data;
}

/** The manual order of all products (or of one category), as the order screen loads it. */
export async function productOrder(page: Page, categoryId?: number): Promise<ProductOrder['items']> {
  const path = categoryId ? `/api/products/order?categoryId=${categoryId}` : '/api/products/order';
  return (await apiGet<{ data: ProductOrder }>(page, path)).data.items;
}

/** A product's name as the public catalogue shows it: English when asked and filled in, else Dutch. */
export const shownName = (p: { nameNl: string; nameEn: string }, lang: 'nl' | 'en') =>
  lang === 'en' && p.nameEn.trim() ? p.nameEn : p.nameNl;

/** A short tag that differs on every run, for names and codes a test makes (a retry meets the first try's). */
export const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

/**
 * Exact Item fields that turn a stand-in article into one the app has never seen: a fresh ERP
 * guid, its own article number and name (for the `overrides` setting of the stand-in ERP).
 */
export function newErpItem(sku: string, name: string): Record<string, unknown> {
  return { ID: randomUUID(), Code: sku, Description: name };
}

/** The 'value' shown under a label on one of the sync result's count cards ('Nieuw' → '3'). */
export const syncCount = (result: Locator, label: string) =>
  result.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

// A PNG made here: no fixture file to keep, and every colour is a different image.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid `width` × `height` RGB PNG of one colour. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // truecolour (RGB)
  const row = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Waits until an <img> has loaded a real image (the thumbnail the server made), not a broken one. */
export async function expectImageLoaded(img: Locator): Promise<void> {
  await img.scrollIntoViewIfNeeded(); // thumbnails load lazily
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), {
      message: 'the image did not load',
    })
    .toBeGreaterThan(0);
}
