import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md, "One way to write SQL": every statement is in a repository
// (features/<f>/*.repository.ts) or in the platform code under them (platform/, db/); the demo
// data (demo/) and the test factories (*.fixtures.ts, *.test.ts) write their rows directly.
// Everything else (services, routes, jobs, app.ts) asks a repository.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const rel = (f: string) => path.relative(src, f).split(path.sep).join('/');

/** Where SQL may be written. */
function mayHoldSql(file: string): boolean {
  const r = rel(file);
  return /^(platform|db|demo)\//.test(r) || r.endsWith('.repository.ts') || r.endsWith('.test.ts') || r.endsWith('.fixtures.ts');
}

/**
 * What counts as SQL in a file: Drizzle imported at all (its `sql` template, its builder's
 * operators, its types), a table of the schema imported as a value (the builder's
 * `tx.insert(table)`), a `sql` template or `sql.raw`, a statement run directly (`.execute(`,
 * `raw.query(`) or a named statement (`namedSql(`, `namedQuery(`).
 */
const SQL_SIGNS: [string, RegExp][] = [
  ['imports drizzle-orm', /from\s+'drizzle-orm(\/[^']*)?'/],
  ['imports a schema table', /import\s+(?!type\b)[^;]*?from\s+'(\.\.?\/)+db\/schema(\/[^']*)?'/],
  ['writes a sql template', /\bsql(`|\.raw\(|\.join\(|\.identifier\()/],
  ['runs a statement', /\.execute\(|\braw\.query\(/],
  ['runs a named statement', /\bnamed(Sql|Query)\(/],
];

describe('where SQL lives', () => {
  const all = files(src);

  it('has no SQL outside repositories, platform/, db/, demo/ and the tests', () => {
    expect(all.length).toBeGreaterThan(100);
    const offenders = all
      .filter((f) => !mayHoldSql(f))
      .flatMap((f) => {
        const text = fs.readFileSync(f, 'utf8');
        return SQL_SIGNS.filter(([, re]) => re.test(text)).map(([sign]) => `${rel(f)}: ${sign}`);
      });
    expect(offenders).toEqual([]);
  });

  it('spells a name in SQL once: concat_ws of names only in platform/names.ts', () => {
    const offenders = all
      .filter((f) => rel(f) !== 'platform/names.ts' && !f.endsWith('.test.ts'))
      .filter((f) => /concat_ws\(\s*' '/.test(fs.readFileSync(f, 'utf8')))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('recognises a foreign-key violation in one place: SQLSTATE 23503 only in platform/errors.ts (raced, isForeignKeyViolation)', () => {
    const offenders = all
      .filter((f) => rel(f) !== 'platform/errors.ts' && !f.endsWith('.test.ts'))
      .filter((f) => fs.readFileSync(f, 'utf8').includes('23503'))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('finds what it looks for (the check itself works)', () => {
    const sample =
      "import { sql } from 'drizzle-orm';\nimport { orders } from '../../db/schema';\nawait tx.execute(sql`SELECT 1`);";
    expect(SQL_SIGNS.filter(([, re]) => re.test(sample)).map(([sign]) => sign)).toEqual([
      'imports drizzle-orm',
      'imports a schema table',
      'writes a sql template',
      'runs a statement',
    ]);
    expect(SQL_SIGNS.some(([, re]) => re.test("import type { SyncCounts } from '../../db/schema';"))).toBe(false);
    expect(mayHoldSql(path.join(src, 'features/orders/orders.service.ts'))).toBe(false);
    expect(mayHoldSql(path.join(src, 'features/orders/orders.repository.ts'))).toBe(true);
  });
});
