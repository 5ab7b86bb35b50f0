import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { AnalyticsBuffer, type StoredEvent } from './analytics-buffer';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb.drop();
});

/** A buffer that is only written when the test flushes, with its log lines captured. */
function buffer(): { buf: AnalyticsBuffer; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      out.push(String(chunk));
      cb();
    },
  });
  const log = pino({ level: 'info' }, stream);
  return { buf: new AnalyticsBuffer(tdb.db, log, 60_000), lines: () => out.map((l) => JSON.parse(l)) };
}

const event = (routeName: string, o: Partial<StoredEvent> = {}): StoredEvent => ({
  createdAt: new Date('2026-11-21T09:00:00Z'),
  eventType: 'page_view',
  accountId: null,
  companyId: null,
  actingEmployeeAccountId: null,
  url: 'http://localhost:3000/companies',
  routeName,
  metadata: { path: '/companies' },
  ...o,
});

const storedNames = async (prefix: string) =>
  (
    await tdb.db.raw.query<{ route_name: string }>(
      'SELECT route_name FROM analytics_events WHERE route_name LIKE $1 ORDER BY id',
      [`${prefix}%`],
    )
  ).map((r) => r.route_name);

describe('AnalyticsBuffer: one bad row cannot block the others (I10, N4)', () => {
  const hostile: [string, Partial<StoredEvent>][] = [
    ['NUL in the url', { url: 'http://localhost:3000/\u0000' }],
    ['NUL in metadata', { metadata: { path: '/x\u0000y' } }],
    ['lone surrogate in metadata', { metadata: { path: '/\ud800' } }],
    ['NUL in the event type', { eventType: 'page\u0000view' }],
    ['an account id out of range', { accountId: 2 ** 40 }],
    ['an invalid date', { createdAt: new Date(Number.NaN) }],
  ];

  for (const [i, [label, bad]] of hostile.entries()) {
    it(`writes every valid event around ${label}, drops that one and logs it once`, async () => {
      const { buf, lines } = buffer();
      const prefix = `poison-${i}-`;
      buf.push(event(`${prefix}before`));
      buf.push(event(`${prefix}bad`, bad));
      for (let n = 0; n < 5; n++) buf.push(event(`${prefix}after-${n}`));
      await buf.flush();
      expect(buf.pending).toBe(0);
      const names = await storedNames(prefix);
      expect(names).toEqual([`${prefix}before`, ...Array.from({ length: 5 }, (_, n) => `${prefix}after-${n}`)]);

      // Later events keep flowing: nothing was put back to fail again.
      buf.push(event(`${prefix}later`));
      await buf.flush();
      expect(await storedNames(`${prefix}later`)).toEqual([`${prefix}later`]);
      const dropped = lines().filter((l) => l.event === 'analytics.event-dropped');
      expect(dropped).toHaveLength(1);
      expect(dropped[0]).toMatchObject({ level: 50, routeName: `${prefix}bad` });
      expect(buf.rejected).toBe(1);
    });
  }

  it('keeps the batch when the database itself fails, and writes it once the database is back', async () => {
    const { buf } = buffer();
    const real = tdb.db.raw.query.bind(tdb.db.raw);
    let down = true;
    tdb.db.raw.query = (async (...args: Parameters<typeof real>) => {
      if (down) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      return real(...args);
    }) as typeof real;
    try {
      buf.push(event('outage-1'));
      buf.push(event('outage-2'));
      await expect(buf.flush()).rejects.toThrow('connection refused');
      expect(buf.pending).toBe(2);
      down = false;
      await buf.flush();
    } finally {
      tdb.db.raw.query = real;
    }
    expect(await storedNames('outage-')).toEqual(['outage-1', 'outage-2']);
    expect(buf.rejected).toBe(0);
  });
});
