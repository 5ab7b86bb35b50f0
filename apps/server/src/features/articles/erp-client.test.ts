import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErpStandin, standinGuid, startErpStandin } from '../../demo/erp-standin';
import { type ErpClientOptions, ErpError, itemsUrl, listItems, mapItem, parseExactDate, parsePage } from './erp-client';

const NOW = new Date('2026-11-21T09:00:00Z');

let erp: ErpStandin;
beforeAll(async () => {
  erp = await startErpStandin({ size: 25, pageSize: 10, token: 'tok-123' });
});
afterAll(async () => {
  await erp.close();
});

/** Options for the client against a server, with no real waiting between retries. */
function opts(url: string, o: Partial<ErpClientOptions> = {}): ErpClientOptions & { delays: number[] } {
  const delays: number[] = [];
  return {
    url,
    token: 'tok-123',
    division: '1',
    // Generous: only the timeout tests below set a short one; on a busy machine a page of the
    // stand-in can take longer than a few hundred ms, and a retry would change the counts.
    timeoutMs: 10_000,
    retries: 3,
    retryBaseMs: 100,
    now: () => NOW,
    sleep: async (ms) => {
      delays.push(ms);
    },
    delays,
    ...o,
  };
}

async function collect(o: ErpClientOptions) {
  const pages = [];
  for await (const p of listItems(o)) pages.push(p);
  return pages;
}

async function failure(o: ErpClientOptions): Promise<ErpError> {
  try {
    await collect(o);
  } catch (err) {
    if (err instanceof ErpError) return err;
    throw err;
  }
  throw new Error('expected an ErpError');
}

/** A one-off HTTP server: handler decides each answer; counts requests and remembers their headers. */
async function server(handler: (req: http.IncomingMessage, res: http.ServerResponse, n: number, base: string) => void) {
  let n = 0;
  const seen: http.IncomingHttpHeaders[] = [];
  const s = http.createServer((req, res) => {
    n++;
    seen.push(req.headers);
    handler(req, res, n, base);
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  return {
    url: base,
    count: () => n,
    seen,
    close: () =>
      new Promise<void>((r) => {
        s.closeAllConnections();
        s.close(() => r());
      }),
  };
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const item = (o: Record<string, unknown> = {}) => ({
  ID: 'B5B3A8B0-1234-4ABC-9DEF-0123456789AB',
  Code: ' STL-1042 ',
  Description: ' Loungestoel Riviera ',
  ExtraDescription: '',
  ItemGroupCode: 'STOEL',
  ItemGroupDescription: 'Stoelen',
  UnitDescription: 'stuk',
  IsSalesItem: true,
  EndDate: null,
  CostPriceStandard: 412.5,
  NetWeight: 11.25,
  Modified: '/Date(1767225600000)/',
  MainSupplierCode: 'FRH',
  MainSupplierName: 'Fritz Hansen',
  FreeNumberField_01: 720,
  FreeNumberField_02: 680,
  FreeNumberField_03: 0,
  ...o,
});

describe('mapping an Exact Item to an article', () => {
  it('maps the fields, trims text, and reads zero dimensions and weights as unknown', () => {
    const { page, next } = parsePage({ d: { results: [item()], __count: '1' } }, NOW);
    expect(next).toBeNull();
    expect(page.total).toBe(1);
    expect(page.articles[0]).toEqual({
      erpId: 'b5b3a8b0-1234-4abc-9def-0123456789ab',
      sku: 'STL-1042',
      name: 'Loungestoel Riviera',
      description: null,
      typeCode: 'STOEL',
      typeName: 'Stoelen',
      unit: 'stuk',
      supplierCode: 'FRH',
      supplierName: 'Fritz Hansen',
      status: 'active',
      lengthMm: 720,
      widthMm: 680,
      heightMm: null,
      weightKg: 11.25,
      costPrice: '412.5000',
      erpModifiedAt: new Date(1767225600000),
    });
  });

  it('derives the status: an EndDate that passed is discontinued, a non-sales item blocked', () => {
    const status = (o: Record<string, unknown>) => parsePage({ d: { results: [item(o)] } }, NOW).page.articles[0]?.status;
    expect(status({ EndDate: `/Date(${NOW.getTime() - 1})/`, IsSalesItem: false })).toBe('discontinued');
    expect(status({ EndDate: `/Date(${NOW.getTime()})/` })).toBe('discontinued');
    expect(status({ EndDate: `/Date(${NOW.getTime() + 86_400_000})/` })).toBe('active');
    expect(status({ EndDate: `/Date(${NOW.getTime() + 86_400_000})/`, IsSalesItem: false })).toBe('blocked');
    expect(status({ IsSalesItem: null })).toBe('active');
  });

  it('falls back to the code when there is no description, and accepts a braced guid', () => {
    const [a] = parsePage({ d: { results: [item({ Description: null, ID: '{B5B3A8B0-1234-4ABC-9DEF-0123456789AB}' })] } }, NOW)
      .page.articles;
    expect(a).toMatchObject({ name: 'STL-1042', erpId: 'b5b3a8b0-1234-4abc-9def-0123456789ab' });
    expect(mapItem({ ID: 'b5b3a8b0-1234-4abc-9def-0123456789ab', Code: 'X' }, NOW)).toMatchObject({
      name: 'X',
      costPrice: null,
      erpModifiedAt: null,
      supplierName: null,
    });
  });

  it('parses /Date(ms)/ with and without an offset', () => {
    expect(parseExactDate('/Date(1424217600000)/')?.toISOString()).toBe('2015-02-18T00:00:00.000Z');
    expect(parseExactDate('/Date(1424217600000+0100)/')?.toISOString()).toBe('2015-02-18T00:00:00.000Z');
    expect(parseExactDate('2015-02-18')).toBeNull();
    expect(parseExactDate(null)).toBeNull();
  });

  it('refuses a malformed page or item as ERP_BAD_RESPONSE', () => {
    const bad: unknown[] = [
      null,
      [],
      { d: [] },
      { d: { results: 'x' } },
      { d: { results: [], __count: 'many' } },
      { d: { results: [item({ ID: 'not-a-guid' })] } },
      { d: { results: [item({ Code: '' })] } },
      { d: { results: [item({ Code: 42 })] } },
      { d: { results: [item({ CostPriceStandard: 'cheap' })] } },
      { d: { results: [item({ CostPriceStandard: 1e12 })] } },
      { d: { results: [item({ Modified: '2026-01-01' })] } },
      { d: { results: [item({ Description: 'x'.repeat(1001) })] } },
    ];
    for (const body of bad) {
      expect(() => parsePage(body, NOW), JSON.stringify(body)?.slice(0, 60)).toThrow(ErpError);
      try {
        parsePage(body, NOW);
      } catch (err) {
        expect((err as ErpError).code).toBe('ERP_BAD_RESPONSE');
      }
    }
  });
});

describe('reading the listing', () => {
  it("asks Exact's Items endpoint with the bearer token and follows __next to the end", async () => {
    expect(itemsUrl('https://start.exactonline.nl/', '123456')).toBe(
      'https://start.exactonline.nl/api/v1/123456/logistics/Items?%24select=ID%2CCode%2CDescription%2CExtraDescription%2CItemGroupCode%2CItemGroupDescription%2CUnitDescription%2CIsSalesItem%2CEndDate%2CCostPriceStandard%2CNetWeight%2CModified%2CMainSupplierCode%2CMainSupplierName%2CFreeNumberField_01%2CFreeNumberField_02%2CFreeNumberField_03&%24inlinecount=allpages',
    );
    erp.resetStats();
    const pages = await collect(opts(erp.url));
    expect(pages.map((p) => p.articles.length)).toEqual([10, 10, 5]);
    expect(pages.every((p) => p.total === 25)).toBe(true);
    expect(pages.flatMap((p) => p.articles.map((a) => a.erpId))).toEqual(Array.from({ length: 25 }, (_, i) => standinGuid(i)));
    expect(erp.stats()).toMatchObject({ requests: 3, unauthorized: 0 });
  });

  it('D11: retries a failing request at most 3 times with exponential backoff, then gives up', async () => {
    const s = await server((_req, res) => json(res, 503, {}));
    try {
      const o = opts(s.url);
      const err = await failure(o);
      expect(err).toMatchObject({ code: 'ERP_UNAVAILABLE', message: 'the ERP answered HTTP 503' });
      expect(s.count()).toBe(4);
      expect(o.delays).toHaveLength(3);
      o.delays.forEach((d, i) => {
        expect(d).toBeGreaterThanOrEqual(100 * 2 ** i);
        expect(d).toBeLessThan(100 * 2 ** i + 50);
      });
    } finally {
      await s.close();
    }
  });

  it('D11: times out a request that does not answer, and fails as ERP_TIMEOUT after the retries', async () => {
    const s = await server(() => {}); // never answers
    try {
      const err = await failure(opts(s.url, { timeoutMs: 100 }));
      expect(err).toMatchObject({ code: 'ERP_TIMEOUT' });
      expect(s.count()).toBe(4);
    } finally {
      await s.close();
    }
  });

  it('D11: times out a body that stops half-way', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"d":{"results":[');
    });
    try {
      const err = await failure(opts(s.url, { timeoutMs: 150, retries: 1 }));
      expect(err.code).toBe('ERP_TIMEOUT');
      expect(s.count()).toBe(2);
    } finally {
      await s.close();
    }
  });

  it('does not retry 401, 403 or 404', async () => {
    for (const status of [401, 403, 404]) {
      const s = await server((_req, res) => json(res, status, {}));
      try {
        const err = await failure(opts(s.url));
        expect(err.code).toBe('ERP_UNAVAILABLE');
        expect(err.message).toContain(String(status));
        expect(s.count(), String(status)).toBe(1);
      } finally {
        await s.close();
      }
    }
  });

  it('waits at least what Retry-After asks on 429', async () => {
    const s = await server((_req, res, n) =>
      n === 1 ? json(res, 429, {}, { 'retry-after': '7' }) : json(res, 200, { d: { results: [item()] } }),
    );
    try {
      const o = opts(s.url);
      const pages = await collect(o);
      expect(pages[0]?.articles).toHaveLength(1);
      expect(o.delays).toEqual([7000]);
    } finally {
      await s.close();
    }
  });

  it('sends the token only to ERP_URL: a __next to another origin is refused before it is called', async () => {
    const foreign = await server((_req, res) => json(res, 200, { d: { results: [] } }));
    const s = await server((_req, res) =>
      json(res, 200, { d: { results: [item()], __next: `${foreign.url}/api/v1/1/logistics/Items?$skiptoken=1` } }),
    );
    try {
      const err = await failure(opts(s.url));
      expect(err).toMatchObject({ code: 'ERP_BAD_RESPONSE' });
      expect(err.message).toContain('leaves');
      expect(foreign.count()).toBe(0);
      expect(s.seen[0]?.authorization).toBe('Bearer tok-123');
    } finally {
      await s.close();
      await foreign.close();
    }
  });

  it('refuses redirects, relative or repeating next links, pages that are not JSON, and oversized pages', async () => {
    const cases: [string, (req: http.IncomingMessage, res: http.ServerResponse, n: number, base: string) => void, string][] = [
      [
        'redirect',
        (_q, res) => {
          res.writeHead(302, { location: 'http://example.invalid/steal' });
          res.end();
        },
        'ERP_UNAVAILABLE',
      ],
      ['relative next', (_q, res) => json(res, 200, { d: { results: [], __next: '/api/v1/1/x' } }), 'ERP_BAD_RESPONSE'],
      [
        'repeating next',
        (req, res, _n, base) => json(res, 200, { d: { results: [], __next: `${base}${req.url}` } }),
        'ERP_BAD_RESPONSE',
      ],
      [
        'html',
        (_q, res) => {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html>maintenance</html>');
        },
        'ERP_BAD_RESPONSE',
      ],
      [
        'oversized',
        (_q, res) => json(res, 200, { d: { results: [item({ ExtraDescription: 'x'.repeat(5000) })] } }),
        'ERP_BAD_RESPONSE',
      ],
    ];
    for (const [name, handler, code] of cases) {
      const s = await server(handler);
      try {
        const err = await failure(opts(s.url, { retries: 0, maxPageBytes: 4096 }));
        expect(err.code, name).toBe(code);
        expect(s.count(), name).toBeLessThanOrEqual(2);
      } finally {
        await s.close();
      }
    }
  });
});
