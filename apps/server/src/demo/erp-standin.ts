import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod';

/**
 * A stand-in for Exact Online's Items API (docs/erp.md), for the demo and the tests: an HTTP
 * server on 127.0.0.1 that lists a deterministic outfitter's catalogue in Exact's JSON shape,
 * page by page with __next links, behind a bearer token. Its settings can make it slow, fail,
 * hang, send short or malformed feeds, or drop and change articles; they can be changed while it
 * runs through set() or `POST /__control` (JSON), which the browser tests use.
 */

const settingsSchema = z.strictObject({
  /** Articles the ERP holds. */
  size: z.number().int().min(0).max(100_000),
  /** Articles per page (Exact decides its own page size too). */
  pageSize: z.number().int().min(1).max(10_000),
  /** Delay before every answer. */
  latencyMs: z.number().int().min(0).max(600_000),
  /** Chance (0..1) that a page request answers 500. */
  failRate: z.number().min(0).max(1),
  /** Pages (from 0) that answer 500. */
  failPages: z.array(z.number().int().min(0)).max(10_000),
  /** How often each failing page fails before it answers normally; null: always. */
  failTimes: z.number().int().min(0).nullable(),
  /** Pages (from 0) that never answer. */
  timeoutPages: z.array(z.number().int().min(0)).max(10_000),
  /** Pages (from 0) that answer with an item the client must refuse. */
  malformedPages: z.array(z.number().int().min(0)).max(10_000),
  /** A short feed: the listing ends after this many articles. */
  truncateAt: z.number().int().min(0).nullable(),
  /** While truncated, __count still claims the full listing. */
  truncateClaimsFull: z.boolean(),
  /** Article indexes that the ERP no longer lists. */
  drop: z.array(z.number().int().min(0)).max(100_000),
  /** Leave out every Nth article (index % N === N - 1); 0: none. */
  dropEvery: z.number().int().min(0),
  /** The bearer token the ERP accepts. */
  token: z.string().min(1),
  /** Simulated edits in the ERP: from revision r on, every 10th article costs r × 2.50 more and has a newer Modified. */
  revision: z.number().int().min(0).max(1000),
  /** Fields replaced per article index (any Exact Item field). */
  overrides: z.record(z.string().regex(/^[0-9]+$/), z.record(z.string(), z.unknown())),
  /** Make __next links point at this origin instead (a hostile feed). */
  nextOrigin: z.string().nullable(),
  /** The division the ERP serves; other divisions answer 404. */
  division: z.string().regex(/^[0-9]{1,12}$/),
});

export type ErpStandinSettings = z.infer<typeof settingsSchema>;
const partialSettings = settingsSchema.partial().extend({ resetStats: z.boolean().optional() });

export interface ErpStandinStats {
  /** Item page requests, whatever their answer. */
  requests: number;
  /** Requests per page index (from 0). */
  byPage: Record<number, number>;
  unauthorized: number;
}

export interface ErpStandin {
  /** The origin to use as ERP_URL. */
  url: string;
  token: string;
  division: string;
  set(opts: Partial<ErpStandinSettings>): ErpStandinSettings;
  settings(): ErpStandinSettings;
  stats(): ErpStandinStats;
  resetStats(): void;
  /** The Exact Item for an article index as the feed would list it now. */
  item(index: number): Record<string, unknown>;
  close(): Promise<void>;
}

const DEFAULTS: Omit<ErpStandinSettings, 'token'> = {
  size: 2500,
  pageSize: 500,
  latencyMs: 0,
  failRate: 0,
  failPages: [],
  failTimes: null,
  timeoutPages: [],
  malformedPages: [],
  truncateAt: null,
  truncateClaimsFull: true,
  drop: [],
  dropEvery: 0,
  revision: 0,
  overrides: {},
  nextOrigin: null,
  division: '1',
};

interface Family {
  prefix: string;
  group: string;
  groupName: string;
  names: string[];
  suppliers: [code: string, name: string][];
  unit: string;
  /** length, width, height ranges in mm; null: not a measured item. */
  dims: [number, number][] | null;
  weight: [number, number];
  price: [number, number];
}

const FAMILIES: Family[] = [
  {
    prefix: 'STL',
    group: 'STOEL',
    groupName: 'Stoelen',
    names: ['Eetkamerstoel', 'Fauteuil', 'Barkruk', 'Loungestoel', 'Dekstoel', 'Bureaustoel'],
    suppliers: [
      ['FRH', 'Fritz Hansen'],
      ['VIT', 'Vitra'],
      ['MUU', 'Muuto'],
      ['HAY', 'Hay'],
    ],
    unit: 'stuk',
    dims: [
      [450, 700],
      [480, 750],
      [750, 1100],
    ],
    weight: [4, 18],
    price: [85, 640],
  },
  {
    prefix: 'BNK',
    group: 'BANK',
    groupName: 'Loungebanken',
    names: ['Loungebank 2-zits', 'Loungebank 3-zits', 'Hoekbank', 'Bankstel modulair', 'Wandbank'],
    suppliers: [
      ['FRH', 'Fritz Hansen'],
      ['MOR', 'Moroso'],
      ['GER', 'Gervasoni'],
      ['KVA', 'Kvadrat'],
    ],
    unit: 'stuk',
    dims: [
      [1400, 3200],
      [800, 1000],
      [700, 900],
    ],
    weight: [35, 120],
    price: [780, 4200],
  },
  {
    prefix: 'TAF',
    group: 'TAFEL',
    groupName: 'Tafels',
    names: ['Eettafel', 'Salontafel', 'Bijzettafel', 'Bartafel', 'Buitentafel'],
    suppliers: [
      ['VIT', 'Vitra'],
      ['FRH', 'Fritz Hansen'],
      ['HAY', 'Hay'],
    ],
    unit: 'stuk',
    dims: [
      [450, 2400],
      [450, 1000],
      [400, 1100],
    ],
    weight: [6, 70],
    price: [160, 2400],
  },
  {
    prefix: 'KST',
    group: 'KAST',
    groupName: 'Hutkasten',
    names: ['Hutkast', 'Garderobekast', 'Nachtkastje', 'Minibarmeubel', 'Kofferrek'],
    suppliers: [
      ['EGG', 'Egger'],
      ['BLU', 'Blum'],
      ['HET', 'Hettich'],
    ],
    unit: 'stuk',
    dims: [
      [400, 1600],
      [350, 650],
      [450, 2200],
    ],
    weight: [12, 95],
    price: [240, 1900],
  },
  {
    prefix: 'HBD',
    group: 'HOOFDBORD',
    groupName: 'Hoofdborden',
    names: ['Hoofdbord gestoffeerd', 'Hoofdbord fineer', 'Hoofdbord met leeslampen', 'Hoofdbord capitonné'],
    suppliers: [
      ['KVA', 'Kvadrat'],
      ['VES', 'Vescom'],
      ['EGG', 'Egger'],
    ],
    unit: 'stuk',
    dims: [
      [900, 2200],
      [60, 120],
      [600, 1400],
    ],
    weight: [8, 40],
    price: [190, 1350],
  },
  {
    prefix: 'LMP',
    group: 'VERLICHT',
    groupName: 'Verlichting',
    names: ['Wandlamp', 'Hanglamp', 'Leeslamp', 'Staande lamp', 'Tafellamp', 'Plafondspot'],
    suppliers: [
      ['FLO', 'Flos'],
      ['LPO', 'Louis Poulsen'],
      ['ART', 'Artemide'],
      ['DLT', 'Delta Light'],
    ],
    unit: 'stuk',
    dims: [
      [80, 600],
      [80, 600],
      [100, 1800],
    ],
    weight: [0.4, 12],
    price: [45, 980],
  },
  {
    prefix: 'TPT',
    group: 'TAPIJT',
    groupName: 'Tapijt',
    names: ['Axminster tapijt', 'Kamerbreed tapijt', 'Tapijttegel', 'Vloerkleed', 'Loopermat'],
    suppliers: [
      ['VES', 'Vescom'],
      ['DES', 'Desso'],
      ['EGE', 'Ege'],
      ['BRI', 'Brintons'],
    ],
    unit: 'm2',
    dims: null,
    weight: [1.8, 4.5],
    price: [28, 145],
  },
  {
    prefix: 'WPN',
    group: 'WANDPANEEL',
    groupName: 'Wandpanelen',
    names: ['Akoestisch wandpaneel', 'Fineer wandpaneel', 'Stoffen wandpaneel', 'Marine wandpaneel B15'],
    suppliers: [
      ['VES', 'Vescom'],
      ['EGG', 'Egger'],
      ['KVA', 'Kvadrat'],
    ],
    unit: 'm2',
    dims: [
      [600, 3000],
      [300, 1200],
      [12, 40],
    ],
    weight: [3, 22],
    price: [55, 310],
  },
  {
    prefix: 'HPL',
    group: 'PLAATMAT',
    groupName: 'Plaatmateriaal',
    names: ['HPL plaat', 'Compact laminaat', 'MDF plaat brandvertragend', 'Multiplex B-s1,d0', 'Spaanplaat melamine'],
    suppliers: [
      ['EGG', 'Egger'],
      ['FOR', 'Formica'],
      ['ABL', 'Abet Laminati'],
      ['POL', 'Polyrey'],
    ],
    unit: 'plaat',
    dims: [
      [2440, 4100],
      [1220, 1300],
      [1, 25],
    ],
    weight: [5, 80],
    price: [38, 420],
  },
  {
    prefix: 'FIN',
    group: 'FINEER',
    groupName: 'Fineer',
    names: ['Eiken fineer', 'Noten fineer', 'Essen fineer', 'Teak fineer', 'Wenge fineer'],
    suppliers: [
      ['DEC', 'Decospan'],
      ['OEH', 'Oehme'],
      ['EGG', 'Egger'],
    ],
    unit: 'm2',
    dims: null,
    weight: [0.3, 0.9],
    price: [14, 96],
  },
  {
    prefix: 'SCH',
    group: 'BESLAG',
    groupName: 'Beslag',
    names: ['Scharnier 110°', 'Scharnier soft-close', 'Ladegeleider', 'Push-to-open', 'Klepsteller'],
    suppliers: [
      ['BLU', 'Blum'],
      ['HET', 'Hettich'],
      ['GRA', 'Grass'],
      ['HAF', 'Häfele'],
    ],
    unit: 'stuk',
    dims: null,
    weight: [0.05, 1.2],
    price: [1.8, 64],
  },
  {
    prefix: 'GRP',
    group: 'GREEP',
    groupName: 'Grepen',
    names: ['Staafgreep', 'Knop', 'Komgreep', 'Lederen lusgreep', 'Profielgreep'],
    suppliers: [
      ['HAF', 'Häfele'],
      ['HET', 'Hettich'],
      ['FSB', 'FSB'],
      ['FMN', 'Formani'],
    ],
    unit: 'stuk',
    dims: [
      [20, 640],
      [10, 40],
      [20, 45],
    ],
    weight: [0.03, 0.6],
    price: [2.5, 48],
  },
  {
    prefix: 'STF',
    group: 'STOF',
    groupName: 'Meubelstoffen',
    names: ['Meubelstof', 'Gordijnstof', 'Buitenstof', 'Kunstleer'],
    suppliers: [
      ['KVA', 'Kvadrat'],
      ['VES', 'Vescom'],
      ['SUN', 'Sunbrella'],
      ['DED', 'Dedar'],
    ],
    unit: 'm',
    dims: null,
    weight: [0.3, 0.9],
    price: [24, 135],
  },
];

const FINISHES = ['eiken naturel', 'zwart', 'messing', 'antraciet', 'walnoot', 'zandkleur', 'oceaanblauw', 'wit', 'terracotta'];
const SERIES = ['Atlantic', 'Nordkap', 'Riviera', 'Lagune', 'Horizon', 'Baltic', 'Aurora', 'Dune', 'Marina', 'Coral'];

const BASE_MODIFIED = Date.UTC(2025, 0, 6, 8, 0, 0);
const DAY = 86_400_000;
const PAST_END = Date.UTC(2024, 5, 30);
const FUTURE_END = Date.UTC(2031, 11, 31);

/** A fraction in [0, 1) from an index and a salt, the same every time. */
function frac(i: number, salt: number): number {
  let h = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 7, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

const between = (i: number, salt: number, [lo, hi]: [number, number], step: number) =>
  Math.round((lo + frac(i, salt) * (hi - lo)) / step) * step;

/** The guid Exact would give article i (stable across runs). */
export function standinGuid(i: number): string {
  const h = createHash('md5').update(`erp-standin-item:${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16] ?? '0', 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const exactDate = (ms: number) => `/Date(${ms})/`;

/** Article i of the catalogue, as Exact's Items endpoint lists it. */
export function standinItem(i: number, revision = 0, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const f = FAMILIES[i % FAMILIES.length] as Family;
  const round = Math.floor(i / FAMILIES.length);
  const name = f.names[round % f.names.length] as string;
  const series = SERIES[Math.floor(round / f.names.length) % SERIES.length] as string;
  const finish = FINISHES[(i * 7) % FINISHES.length] as string;
  const [supplierCode, supplierName] = f.suppliers[(i * 3 + round) % f.suppliers.length] as [string, string];
  const changed = revision > 0 && i % 10 === 0;
  const basePrice = Math.round((f.price[0] + frac(i, 4) * (f.price[1] - f.price[0])) * 100) / 100;
  const price = changed ? Math.round((basePrice + revision * 2.5) * 100) / 100 : basePrice;
  const end = i % 53 === 7 ? PAST_END : i % 97 === 11 ? FUTURE_END : null;
  const id = standinGuid(i);
  return {
    __metadata: { uri: `/api/v1/1/logistics/Items(guid'${id}')`, type: 'Exact.Web.Api.Models.Logistics.Item' },
    ID: id,
    Code: `${f.prefix}-${1000 + i}`,
    Description: `${name} ${series} ${finish}`,
    ExtraDescription:
      i % 4 === 0
        ? null
        : `${name} uit de ${series}-serie, afwerking ${finish}. Geschikt voor ${i % 3 === 0 ? 'cruiseschepen (IMO FTP)' : i % 3 === 1 ? 'hotels en leisure' : 'projectinrichting'}.`,
    ItemGroupCode: f.group,
    ItemGroupDescription: f.groupName,
    UnitDescription: f.unit,
    IsSalesItem: i % 41 !== 5,
    EndDate: end === null ? null : exactDate(end),
    CostPriceStandard: price,
    NetWeight: Math.round((f.weight[0] + frac(i, 5) * (f.weight[1] - f.weight[0])) * 100) / 100,
    Modified: exactDate(BASE_MODIFIED + i * 60_000 + (changed ? revision * DAY : 0)),
    MainSupplierCode: supplierCode,
    MainSupplierName: supplierName,
    FreeNumberField_01: f.dims ? between(i, 1, f.dims[0] as [number, number], 5) : 0,
    FreeNumberField_02: f.dims ? between(i, 2, f.dims[1] as [number, number], 5) : 0,
    FreeNumberField_03: f.dims ? between(i, 3, f.dims[2] as [number, number], f.dims[2]?.[1] && f.dims[2][1] < 50 ? 1 : 5) : 0,
    ...overrides,
  };
}

/** Starts the stand-in ERP on 127.0.0.1 (port 0: any free port). */
export async function startErpStandin(
  opts: Partial<ErpStandinSettings> & { port?: number; host?: string } = {},
): Promise<ErpStandin> {
  const { port = 0, host = '127.0.0.1', ...rest } = opts;
  let settings: ErpStandinSettings = settingsSchema.parse({
    ...DEFAULTS,
    token: rest.token ?? randomBytes(24).toString('base64url'),
    ...rest,
  });
  let stats: ErpStandinStats = { requests: 0, byPage: {}, unauthorized: 0 };
  const failures = new Map<number, number>();
  let listed: number[] | null = null;

  const apply = (patch: Partial<ErpStandinSettings>) => {
    settings = settingsSchema.parse({ ...settings, ...patch });
    listed = null;
    return settings;
  };
  const resetStats = () => {
    stats = { requests: 0, byPage: {}, unauthorized: 0 };
    failures.clear();
  };

  /** The article indexes the ERP lists now, in order. */
  const listing = (): number[] => {
    if (listed) return listed;
    const dropped = new Set(settings.drop);
    const out: number[] = [];
    for (let i = 0; i < settings.size; i++) {
      if (dropped.has(i)) continue;
      if (settings.dropEvery > 0 && i % settings.dropEvery === settings.dropEvery - 1) continue;
      out.push(i);
    }
    listed = out;
    return out;
  };

  const item = (i: number) => standinItem(i, settings.revision, settings.overrides[String(i)] ?? {});

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };

  const itemsPath = () => new RegExp(`^/api/v1/${settings.division}/logistics/items$`, 'i');

  const handleItems = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    const s = settings;
    const skip = Number(url.searchParams.get('$skiptoken') ?? '0');
    const page = Math.floor(skip / s.pageSize);
    stats.requests++;
    stats.byPage[page] = (stats.byPage[page] ?? 0) + 1;
    if (req.headers.authorization !== `Bearer ${s.token}`) {
      stats.unauthorized++;
      return send(res, 401, { error: { code: '', message: { lang: '', value: 'Unauthorized' } } });
    }
    if (s.latencyMs > 0) await new Promise((r) => setTimeout(r, s.latencyMs));
    if (s.timeoutPages.includes(page)) return; // never answers; close() ends the socket
    const failing = s.failPages.includes(page) || (s.failRate > 0 && Math.random() < s.failRate);
    if (failing) {
      const n = failures.get(page) ?? 0;
      if (s.failTimes === null || n < s.failTimes) {
        failures.set(page, n + 1);
        return send(res, 500, { error: { code: '', message: { lang: '', value: 'Internal server error' } } });
      }
    }
    let all = listing();
    const topParam = url.searchParams.get('$top');
    if (topParam && /^[0-9]+$/.test(topParam)) all = all.slice(0, Number(topParam));
    const claimed = all.length;
    if (s.truncateAt !== null) all = all.slice(0, s.truncateAt);
    const slice = Number.isInteger(skip) && skip >= 0 ? all.slice(skip, skip + s.pageSize) : [];
    const results: Record<string, unknown>[] = slice.map(item);
    if (s.malformedPages.includes(page) && results.length > 0) results[0] = { ...results[0], Code: null };
    const d: Record<string, unknown> = { results };
    if (url.searchParams.get('$inlinecount') === 'allpages') {
      d.__count = String(s.truncateAt !== null && !s.truncateClaimsFull ? all.length : claimed);
    }
    if (skip + s.pageSize < all.length) {
      const next = new URL(url.toString());
      next.searchParams.set('$skiptoken', String(skip + s.pageSize));
      d.__next = s.nextOrigin ? `${s.nextOrigin.replace(/\/$/, '')}${next.pathname}${next.search}` : next.toString();
    }
    send(res, 200, { d });
  };

  const readJson = async (req: http.IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      if (size > 1024 * 1024) throw new Error('too large');
      chunks.push(c as Buffer);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  };

  const server = http.createServer((req, res) => {
    const origin = `http://${req.headers.host ?? `${host}:${port}`}`;
    const url = new URL(req.url ?? '/', origin);
    (async () => {
      if (url.pathname === '/__control') {
        if (req.method === 'GET') return send(res, 200, { settings, stats });
        // JSON only: a form post from a web page cannot reach this without a CORS preflight.
        if (req.method !== 'POST' || !/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
          return send(res, 415, { error: 'POST application/json' });
        }
        const parsed = partialSettings.safeParse(await readJson(req));
        if (!parsed.success) return send(res, 400, { error: parsed.error.issues });
        const { resetStats: reset, ...patch } = parsed.data;
        if (reset) resetStats();
        return send(res, 200, { settings: apply(patch), stats });
      }
      if (req.method === 'GET' && itemsPath().test(url.pathname)) return handleItems(req, res, url);
      send(res, 404, { error: { code: '', message: { lang: '', value: 'Not found' } } });
    })().catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'stand-in failure' });
      else res.destroy();
    });
  });

  // An idle kept-alive socket outlives the client's own idle limit (undici: 4 s), so the server
  // never closes one at the moment a client reuses it (ECONNRESET under load). close() still
  // ends idle sockets at once (Node 19+).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host}:${address.port}`;

  return {
    url,
    get token() {
      return settings.token;
    },
    get division() {
      return settings.division;
    },
    set: apply,
    settings: () => settings,
    stats: () => stats,
    resetStats,
    item,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
