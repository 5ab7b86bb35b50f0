import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, type Database, openDatabase, sqlLiteral } from './client';

describe('sqlLiteral (EXECUTE arguments on PGlite)', () => {
  it('quotes strings so that no value can end the literal', () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral("'); DROP TABLE x; --")).toBe("'''); DROP TABLE x; --'");
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(12)).toBe('12');
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral('a\0b')).toThrow();
    expect(() => sqlLiteral({})).toThrow();
  });
});

describe('named queries on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ pglite: await createPglite() });
    await db.raw.exec('CREATE TABLE t (id text PRIMARY KEY, at timestamptz, n int, tags text[])');
  });
  afterAll(() => db.close());

  it('gives the same answers prepared as unprepared, for awkward values too', async () => {
    const hostile = [`it's`, 'back\\slash', 'quote"d', "x'); DELETE FROM t; --", 'ëmoji 🚢', ''];
    const at = new Date('2026-11-21T10:00:00.123Z');
    for (const [i, id] of hostile.entries()) {
      await db.raw.query('INSERT INTO t (id, at, n, tags) VALUES ($1, $2, $3, $4)', [id, at, i, [id, null, 'b']], 'ins_t');
    }
    const named = await db.raw.query<{ id: string; at: Date; n: number; tags: string[] }>(
      'SELECT id, at, n, tags FROM t WHERE id = ANY($1::text[]) ORDER BY n',
      [hostile],
      'sel_t',
    );
    expect(named.map((r) => r.id)).toEqual(hostile);
    expect(named[0]?.at.toISOString()).toBe(at.toISOString());
    expect(named[3]?.tags).toEqual([hostile[3], null, 'b']);
    const again = await db.raw.query<{ c: number }>('SELECT count(*)::int AS c FROM t WHERE id = $1', [hostile[3]], 'count_t');
    expect(again[0]?.c).toBe(1);
  });
});
