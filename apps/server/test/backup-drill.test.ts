/**
 * The checks `npm run backup:drill` (scripts/backup-drill.mjs, README "Backups") relies on: a
 * dump restored into a new database compares equal table by table, and a copy that lost or
 * changed a row, or a table, does not; stored files go through tar and back, and a lost or changed
 * file is found. The drill itself (and the app started on the copy) is run by hand; these keep its
 * comparisons honest in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareFingerprints,
  databaseName,
  dropDatabase,
  dumpDatabase,
  fingerprintDatabase,
  restoreDatabase,
  storageKeys,
  withDatabase,
} from '../../../scripts/backup/database.mjs';
import { backupFiles, compareFiles, fingerprintFiles, restoreFiles } from '../../../scripts/backup/files.mjs';
import { createTestDatabase, type TestDatabase } from './helpers/db';

async function sql(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-drill-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// pg_dump and pg_restore need a PostgreSQL server; the PGlite run has none.
describe.runIf(process.env.TEST_DB === 'pg')('backup drill: the database', () => {
  let tdb: TestDatabase;
  let source: string;
  let copyName: string;
  let copy: string;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    source = tdb.url as string;
    // Rows of every kind of value a row's text must carry faithfully: NULLs, quotes, commas,
    // non-ASCII, times with zones; and a file reference.
    await sql(
      source,
      `CREATE TABLE drill_probe (id int PRIMARY KEY, note text, at timestamptz, amount numeric(14,4));
       INSERT INTO drill_probe
       SELECT g, CASE WHEN g % 7 = 0 THEN NULL ELSE 'note "' || g || '", café ✓' END,
              '2026-03-29 01:30+01'::timestamptz + g * interval '1 hour', g / 3.0
       FROM generate_series(1, 2000) g;
       INSERT INTO media (storage_key, original_name, mime, size) VALUES ('ab/cd/abcdEFGHijklMNOPqrst', 'a.png', 'image/png', 3);`,
    );
    copyName = `${databaseName(source)}_drill`;
    const dump = path.join(tmp, 'db.dump');
    const sourceTables = await dumpDatabase(source, dump);
    copy = await restoreDatabase(source, dump, copyName);
    // The fingerprint taken with the dump is the source's.
    expect(compareFingerprints(sourceTables, await fingerprintDatabase(source)).ok).toBe(true);
  });
  afterAll(async () => {
    await dropDatabase(source, copyName);
    await tdb.drop();
  });

  it('restores a copy whose every table has the rows and checksum of the source', async () => {
    const result = compareFingerprints(await fingerprintDatabase(source), await fingerprintDatabase(copy));
    expect(result.ok).toBe(true);
    expect(result.tables.find((t) => t.table === 'public.drill_probe')).toEqual({
      table: 'public.drill_probe',
      sourceRows: 2000,
      copyRows: 2000,
      equal: true,
    });
    // The migrations' own bookkeeping and every app table came along.
    expect(result.tables.length).toBeGreaterThan(50);
    expect((await storageKeys(copy)).get('public.media')).toEqual(['ab/cd/abcdEFGHijklMNOPqrst']);
    expect(withDatabase(source, copyName)).toBe(copy);
  });

  it('finds a changed row with the same row count, a lost row and a lost table', async () => {
    const before = await fingerprintDatabase(source);
    await sql(
      copy,
      `UPDATE drill_probe SET note = 'note "1", cafe ✓' WHERE id = 1;
       DELETE FROM media;
       CREATE TABLE drill_extra (id int); DROP TABLE notifications CASCADE;`,
    );
    const result = compareFingerprints(before, await fingerprintDatabase(copy));
    expect(result.ok).toBe(false);
    const differ = Object.fromEntries(result.tables.filter((t) => !t.equal).map((t) => [t.table, [t.sourceRows, t.copyRows]]));
    expect(differ).toEqual({
      'public.drill_probe': [2000, 2000],
      'public.media': [1, 0],
      'public.notifications': [0, null],
      'public.drill_extra': [null, 0],
    });
  });
});

describe('backup drill: the stored files', () => {
  const dataDir = path.join(tmp, 'data');
  const files = path.join(dataDir, 'files');
  const write = (key: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(files, key)), { recursive: true });
    fs.writeFileSync(path.join(files, key), body);
  };

  it('restores the files folder from the archive with every file intact', async () => {
    write('ab/cd/abcdEFGH', 'a drawing');
    write('ab/cd/abcdEFGH.thumb.webp', 'its thumbnail');
    write('zz/yy/zzyyXXXX', '');
    const since = Date.now() + 1;
    const tar = path.join(tmp, 'files.tar');
    expect(await backupFiles(files, tar)).toBe(true);
    const restoredDir = path.join(tmp, 'restored');
    await restoreFiles(tar, restoredDir);

    const source = await fingerprintFiles(files);
    const restored = await fingerprintFiles(path.join(restoredDir, 'files'));
    expect([...restored.keys()].sort()).toEqual(['ab/cd/abcdEFGH', 'ab/cd/abcdEFGH.thumb.webp', 'zz/yy/zzyyXXXX']);
    expect(compareFiles(source, restored, since)).toMatchObject({ files: 3, bytes: 22, restoredFiles: 3, ok: true });
  });

  it('finds a lost or changed file, and leaves out files written or removed since the backup', () => {
    const f = (size: number, sha256: string, mtimeMs = 1) => ({ size, sha256, mtimeMs });
    const source = new Map([
      ['a', f(1, 'x')],
      ['b', f(2, 'y')],
      ['c', f(3, 'z')],
      ['new', f(4, 'w', 100)],
    ]);
    const restored = new Map([
      ['a', f(1, 'x')],
      ['b', f(2, 'changed')],
      ['purged', f(5, 'v')],
    ]);
    expect(compareFiles(source, restored, 50)).toMatchObject({
      files: 3,
      bytes: 6,
      newer: 1,
      gone: 1,
      missing: ['c'],
      differing: ['b'],
      ok: false,
    });
  });

  it('has nothing to archive before the first upload', async () => {
    expect(await backupFiles(path.join(tmp, 'nothing-here'), path.join(tmp, 'none.tar'))).toBe(false);
    expect((await fingerprintFiles(path.join(tmp, 'nothing-here'))).size).toBe(0);
  });
});
