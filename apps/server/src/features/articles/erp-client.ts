import type { ArticleStatus } from '@app/shared/articles/articles';
import * as z from 'zod';
import type { ErpConfig } from '../../config';

/**
 * The ERP connection, modelled on Exact Online's REST API (docs/erp.md):
 *   GET {ERP_URL}/api/v1/{division}/logistics/Items?$select=…&$inlinecount=allpages
 *   Authorization: Bearer {ERP_TOKEN}
 *   → { d: { results: [...], __next?: '<absolute URL of the next page>', __count?: '<total>' } }
 * The ERP decides the page size (as Exact does); we follow __next until it is absent.
 */

/** Why talking to the ERP failed; the sync run records it as its error (SYNC_ERRORS). */
export type ErpErrorCode = 'ERP_UNAVAILABLE' | 'ERP_TIMEOUT' | 'ERP_BAD_RESPONSE';

export class ErpError extends Error {
  constructor(
    readonly code: ErpErrorCode,
    message: string,
    /** Worth another attempt (timeouts, network errors, 5xx, 429). */
    readonly retryable = false,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ErpError';
  }
}

/** An article as the sync stores it: the ERP-owned columns of `articles` (D10). */
export interface ErpArticle {
  erpId: string;
  sku: string;
  name: string;
  description: string | null;
  typeCode: string | null;
  typeName: string | null;
  unit: string | null;
  supplierCode: string | null;
  supplierName: string | null;
  status: ArticleStatus;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  weightKg: number | null;
  /** numeric(14,4) as text, so no float rounding reaches the database. */
  costPrice: string | null;
  erpModifiedAt: Date | null;
}

export interface ErpPage {
  articles: ErpArticle[];
  /** What the ERP says the whole listing holds (__count), when it says so. */
  total: number | null;
}

/** The Exact fields we read; the rest of an Item is ignored. */
export const ITEM_FIELDS = [
  'ID',
  'Code',
  'Description',
  'ExtraDescription',
  'ItemGroupCode',
  'ItemGroupDescription',
  'UnitDescription',
  'IsSalesItem',
  'EndDate',
  'CostPriceStandard',
  'NetWeight',
  'Modified',
  'MainSupplierCode',
  'MainSupplierName',
  'FreeNumberField_01',
  'FreeNumberField_02',
  'FreeNumberField_03',
] as const;

// OData v2 JSON dates: "/Date(1424217600000)/", optionally with an offset "+0100".
const EXACT_DATE = /^\/Date\((-?\d{1,15})([+-]\d{4})?\)\/$/;
const text = (max: number) => z.string().max(max).nullish();
const num = z.number().finite().nullish();
const exactDate = z.string().regex(EXACT_DATE).nullish();

const itemSchema = z.object({
  ID: z.string().regex(/^\{?[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}\}?$/),
  Code: z.string().trim().min(1).max(100),
  Description: text(1000),
  ExtraDescription: text(20_000),
  ItemGroupCode: text(100),
  ItemGroupDescription: text(500),
  UnitDescription: text(100),
  IsSalesItem: z.boolean().nullish(),
  EndDate: exactDate,
  CostPriceStandard: z.number().finite().gt(-1e10).lt(1e10).nullish(),
  NetWeight: num,
  Modified: exactDate,
  MainSupplierCode: text(100),
  MainSupplierName: text(500),
  FreeNumberField_01: num,
  FreeNumberField_02: num,
  FreeNumberField_03: num,
});
export type ExactItem = z.input<typeof itemSchema>;

const pageSchema = z.object({
  d: z.object({
    results: z.array(z.unknown()).max(100_000),
    __next: z.string().max(8192).nullish(),
    __count: z
      .string()
      .regex(/^[0-9]{1,9}$/)
      .nullish(),
  }),
});

/** Parses an Exact /Date(ms)/ value. */
export function parseExactDate(v: string | null | undefined): Date | null {
  if (!v) return null;
  const m = EXACT_DATE.exec(v);
  return m ? new Date(Number(m[1])) : null;
}

const clean = (v: string | null | undefined): string | null => {
  const s = v?.trim();
  return s ? s : null;
};
// Exact shows 0 for a free number field or weight nobody filled in: that is "unknown", not zero.
const positive = (v: number | null | undefined): number | null => (typeof v === 'number' && v > 0 ? v : null);

/** Maps one Exact Item to the article columns the ERP owns. */
export function mapItem(item: z.output<typeof itemSchema>, now: Date): ErpArticle {
  const endDate = parseExactDate(item.EndDate);
  const status: ArticleStatus =
    endDate && endDate.getTime() <= now.getTime() ? 'discontinued' : item.IsSalesItem === false ? 'blocked' : 'active';
  return {
    erpId: item.ID.replace(/[{}]/g, '').toLowerCase(),
    sku: item.Code.trim(),
    name: clean(item.Description) ?? item.Code.trim(),
    description: clean(item.ExtraDescription),
    typeCode: clean(item.ItemGroupCode),
    typeName: clean(item.ItemGroupDescription),
    unit: clean(item.UnitDescription),
    supplierCode: clean(item.MainSupplierCode),
    supplierName: clean(item.MainSupplierName),
    status,
    lengthMm: positive(item.FreeNumberField_01),
    widthMm: positive(item.FreeNumberField_02),
    heightMm: positive(item.FreeNumberField_03),
    weightKg: positive(item.NetWeight),
    costPrice: typeof item.CostPriceStandard === 'number' ? item.CostPriceStandard.toFixed(4) : null,
    erpModifiedAt: parseExactDate(item.Modified),
  };
}

/** Validates one page; a malformed page fails the run as ERP_BAD_RESPONSE. */
export function parsePage(body: unknown, now: Date): { page: ErpPage; next: string | null } {
  const parsed = pageSchema.safeParse(body);
  if (!parsed.success) throw new ErpError('ERP_BAD_RESPONSE', 'the page is not an OData { d: { results } } object');
  const articles: ErpArticle[] = [];
  parsed.data.d.results.forEach((raw, i) => {
    const item = itemSchema.safeParse(raw);
    if (!item.success) {
      const field = item.error.issues[0]?.path.join('.') ?? '?';
      throw new ErpError('ERP_BAD_RESPONSE', `item ${i} of the page is invalid (${field})`);
    }
    articles.push(mapItem(item.data, now));
  });
  const count = parsed.data.d.__count;
  return { page: { articles, total: count ? Number(count) : null }, next: parsed.data.d.__next ?? null };
}

export interface ErpClientOptions extends Pick<ErpConfig, 'timeoutMs' | 'retries' | 'retryBaseMs' | 'division'> {
  url: string;
  token: string;
  /** Decides which items are discontinued (EndDate passed). */
  now: () => Date;
  /** Stops the listing (shutdown); not retried. */
  signal?: AbortSignal;
  /** Called before each retry: keeps the run's heartbeat fresh and the log informed. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ErpError }) => void | Promise<void>;
  /** A page larger than this is refused (a hostile or broken feed must not exhaust memory). */
  maxPageBytes?: number;
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_MAX_PAGE_BYTES = 64 * 1024 * 1024;
const MAX_BACKOFF_MS = 30_000;

/** The first page's URL: Exact's Items endpoint with the fields we read. */
export function itemsUrl(base: string, division: string): string {
  const u = new URL(`${base.replace(/\/$/, '')}/api/v1/${encodeURIComponent(division)}/logistics/Items`);
  u.searchParams.set('$select', ITEM_FIELDS.join(','));
  u.searchParams.set('$inlinecount', 'allpages');
  return u.toString();
}

/**
 * Reads the ERP's whole item listing page by page. Every request times out and is retried with
 * exponential backoff (D11); 401/403 are not retried. A __next link to another origin than
 * ERP_URL is refused, so a hostile feed cannot make us send our token elsewhere.
 * @throws ErpError
 */
export async function* listItems(opts: ErpClientOptions): AsyncGenerator<ErpPage> {
  const origin = new URL(opts.url).origin;
  const seen = new Set<string>();
  let url: string | null = itemsUrl(opts.url, opts.division);
  while (url) {
    seen.add(url);
    const body = await getWithRetries(url, opts);
    const { page, next } = parsePage(body, opts.now());
    yield page;
    if (next) {
      let target: URL;
      try {
        target = new URL(next);
      } catch {
        throw new ErpError('ERP_BAD_RESPONSE', 'the next-page link is not an absolute URL');
      }
      if (target.origin !== origin) throw new ErpError('ERP_BAD_RESPONSE', `the next-page link leaves ${origin}`);
      if (seen.has(target.toString())) throw new ErpError('ERP_BAD_RESPONSE', 'the next-page link repeats a page');
      url = target.toString();
    } else {
      url = null;
    }
  }
}

async function getWithRetries(url: string, opts: ErpClientOptions): Promise<unknown> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await getOnce(url, opts);
    } catch (err) {
      if (!(err instanceof ErpError) || !err.retryable || attempt >= opts.retries) throw err;
      const backoff = Math.min(MAX_BACKOFF_MS, opts.retryBaseMs * 2 ** attempt);
      const jitter = Math.floor(Math.random() * (opts.retryBaseMs / 2));
      const delayMs = Math.max(backoff + jitter, Math.min(err.retryAfterMs ?? 0, MAX_BACKOFF_MS));
      await opts.onRetry?.({ attempt: attempt + 1, delayMs, error: err });
      await sleep(delayMs);
      if (opts.signal?.aborted) throw opts.signal.reason;
    }
  }
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && err.name === 'TimeoutError';
}

async function getOnce(url: string, opts: ErpClientOptions): Promise<unknown> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${opts.token}`, accept: 'application/json' },
      // A redirect could carry the token elsewhere; Exact does not redirect API calls.
      redirect: 'error',
      signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (isTimeout(err) || timeout.aborted) throw new ErpError('ERP_TIMEOUT', `no answer within ${opts.timeoutMs} ms`, true);
    throw new ErpError('ERP_UNAVAILABLE', `cannot reach the ERP (${errorName(err)})`, true);
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel().catch(() => {});
    throw new ErpError('ERP_UNAVAILABLE', `the ERP refused the token (HTTP ${res.status})`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
    throw new ErpError('ERP_UNAVAILABLE', `the ERP answered HTTP ${res.status}`, retryable, retryAfter(res));
  }
  let raw: string;
  try {
    raw = await readCapped(res, opts.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES);
  } catch (err) {
    if (err instanceof ErpError) throw err;
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (isTimeout(err) || timeout.aborted) throw new ErpError('ERP_TIMEOUT', `no answer within ${opts.timeoutMs} ms`, true);
    throw new ErpError('ERP_UNAVAILABLE', `the answer broke off (${errorName(err)})`, true);
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new ErpError('ERP_BAD_RESPONSE', 'the page is not JSON');
  }
}

function errorName(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return err instanceof Error ? err.name : 'unknown';
}

function retryAfter(res: Response): number | null {
  const v = res.headers.get('retry-after');
  if (!v || !/^[0-9]{1,4}$/.test(v)) return null;
  return Number(v) * 1000;
}

async function readCapped(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > max) {
    await res.body?.cancel().catch(() => {});
    throw new ErpError('ERP_BAD_RESPONSE', `the page is larger than ${max} bytes`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new ErpError('ERP_BAD_RESPONSE', `the page is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
