// `npm run backup:drill`: proves that a backup of this installation can be restored (README
// "Backups"). With the app's own settings (DATABASE_URL, DATA_DIR, STORAGE):
//   1. pg_dump -Fc of DATABASE_URL, and the stored files (STORAGE=disk: DATA_DIR/files) as a tar;
//   2. pg_restore into a new database on the same server, the tar into a fresh data folder;
//   3. compares rows and a checksum per table, and size and sha256 per file, with the source as it
//      was at the dump (a live app may write meanwhile) and checks every storage_key has its file;
//   4. starts the app on the copy, checks GET /api/health answers 200, stops it with SIGTERM;
//   5. drops the copy (unless --keep) and exits 1 when anything did not match.
//
//   DATABASE_URL=postgres://… npm run backup:drill [-- --keep] [--dir <folder>] [--port <n>]
//
// --dir keeps the backup files (db.dump, files.tar) in that folder; by default they go to a
// temporary one that is removed. The role in DATABASE_URL must be allowed to create databases.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  compareFingerprints,
  databaseName,
  dropDatabase,
  dumpDatabase,
  fingerprintDatabase,
  restoreDatabase,
  storageKeys,
} from './backup/database.mjs';
import { backupFiles, compareFiles, fingerprintFiles, restoreFiles } from './backup/files.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: { keep: { type: 'boolean', default: false }, dir: { type: 'string' }, port: { type: 'string' } },
});

const sourceUrl = process.env.DATABASE_URL;
if (!sourceUrl || !/^postgres(ql)?:\/\//.test(sourceUrl)) {
  console.error('backup:drill needs DATABASE_URL=postgres://… (PGlite: stop the app and copy DATA_DIR; README "Backups")');
  process.exit(2);
}
const dataDir = path.resolve(root, process.env.DATA_DIR ?? './data');
const storage = process.env.STORAGE ?? 'disk';
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const source = databaseName(sourceUrl);
const copyName = `${source.slice(0, 40)}_drill_${stamp}`;
const backupDir = path.resolve(opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backup-drill-')));
fs.mkdirSync(backupDir, { recursive: true });
const restoredDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-drill-data-'));
const problems = [];
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function printTable(rows) {
  const widths = Object.keys(rows[0]).map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(Object.keys(rows[0])));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(Object.values(r)));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the compiled server on the copy, with the restored files, no jobs, no mail and no ERP
 * schedule (it must not act on anyone's behalf), and answers the health check's status.
 */
async function startAppOnCopy(copyUrl) {
  const build = spawnSync(process.execPath, ['apps/server/scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  const port = opts.port ? Number(opts.port) : await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: copyUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: restoredDataDir,
    // Disk: the restored files. A bucket is not copied by the drill, and the app on the copy must
    // not touch the real one (its sweeps remove files of runs that look dead in the copy).
    STORAGE: 'disk',
    JOBS: 'false',
    ERP_SYNC_CRON: 'off',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  for (const key of ['MIGRATION_DATABASE_URL', 'SMTP_URL', 'S3_BUCKET', 'S3_ENDPOINT']) delete env[key];
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let status = null;
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
        status = res.status;
        if (status === 200) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  const exit = await exited;
  return { port, pid: child.pid, status, exit, ms: Date.now() - started, output };
}

let copyUrl = null;
let restoring = false;
try {
  // 1. The backup.
  let t = Date.now();
  const dumpFile = path.join(backupDir, 'db.dump');
  console.log(`Dumping ${source} (pg_dump -Fc) to ${dumpFile}…`);
  const sourceTables = await dumpDatabase(sourceUrl, dumpFile);
  console.log(`  ${mb(fs.statSync(dumpFile).size)}, ${sourceTables.size} tables, ${seconds(t)}`);

  const filesDir = path.join(dataDir, 'files');
  const tarFile = path.join(backupDir, 'files.tar');
  let filesSince = null;
  if (storage === 'disk') {
    t = Date.now();
    filesSince = t;
    console.log(`Archiving ${filesDir} (tar) to ${tarFile}…`);
    if (await backupFiles(filesDir, tarFile)) console.log(`  ${mb(fs.statSync(tarFile).size)}, ${seconds(t)}`);
    else {
      filesSince = null;
      console.log('  no files folder: nothing uploaded yet');
    }
  } else {
    console.log(
      `Files: STORAGE=${storage}, bucket ${process.env.S3_BUCKET ?? '?'}: kept by bucket versioning or aws s3 sync (README "Backups"), not by this drill`,
    );
  }

  // 2. The restore.
  t = Date.now();
  console.log(`Restoring into the new database ${copyName} (pg_restore)…`);
  restoring = true;
  copyUrl = await restoreDatabase(sourceUrl, dumpFile, copyName);
  console.log(`  ${seconds(t)}`);
  if (filesSince !== null) await restoreFiles(tarFile, restoredDataDir);

  // 3. The comparison.
  const { tables, ok } = compareFingerprints(sourceTables, await fingerprintDatabase(copyUrl));
  console.log('');
  printTable(
    tables.map((r) => ({
      table: r.table,
      'rows (source)': r.sourceRows ?? '-',
      'rows (copy)': r.copyRows ?? '-',
      'rows and checksum equal': r.equal ? 'yes' : 'NO',
    })),
  );
  const rows = tables.reduce((n, r) => n + (r.sourceRows ?? 0), 0);
  console.log(`${tables.filter((r) => r.equal).length} of ${tables.length} tables equal, ${rows} rows in the source`);
  if (!ok)
    problems.push(
      `tables that differ: ${tables
        .filter((r) => !r.equal)
        .map((r) => r.table)
        .join(', ')}`,
    );

  if (filesSince !== null) {
    const sourceFiles = await fingerprintFiles(filesDir);
    const restoredFiles = await fingerprintFiles(path.join(restoredDataDir, 'files'));
    const f = compareFiles(sourceFiles, restoredFiles, filesSince);
    console.log('');
    console.log(
      `files: ${f.files} (${f.bytes} bytes) in the source at the backup, ${f.restoredFiles} (${f.restoredBytes} bytes) restored; ` +
        `missing ${f.missing.length}, differing ${f.differing.length}; written since ${f.newer}, removed since ${f.gone}`,
    );
    if (!f.ok)
      problems.push(`files missing or different after the restore: ${[...f.missing, ...f.differing].slice(0, 10).join(', ')}`);
    // Every file the restored database refers to is in the restored files, or was not in the
    // source folder either (then the backup did not lose it: report it, do not fail on it).
    for (const [table, keys] of await storageKeys(copyUrl)) {
      const lost = keys.filter((k) => !restoredFiles.has(k) && sourceFiles.has(k));
      const absent = keys.filter((k) => !restoredFiles.has(k) && !sourceFiles.has(k));
      console.log(
        `${table}: ${keys.length} storage keys, ${keys.length - lost.length - absent.length} restored` +
          (absent.length ? `, ${absent.length} missing in the source too` : ''),
      );
      if (lost.length) problems.push(`${table}: ${lost.length} stored files referenced by the database were not restored`);
    }
  }

  // 4. The app on the copy.
  console.log('');
  console.log(`Starting the app on ${copyName}…`);
  const app = await startAppOnCopy(copyUrl);
  console.log(
    `  PID ${app.pid} on port ${app.port}: GET /api/health ${app.status ?? 'no answer'}; ` +
      `stopped with SIGTERM, exit code ${app.exit.code ?? app.exit.signal}, ${(app.ms / 1000).toFixed(1)} s`,
  );
  if (app.status !== 200)
    problems.push(`the app on the copy did not answer GET /api/health with 200:\n${app.output.slice(-4000)}`);
  if (app.exit.code !== 0) problems.push(`the app on the copy exited with ${app.exit.code ?? app.exit.signal}`);
} catch (err) {
  problems.push(err instanceof Error ? err.message : String(err));
} finally {
  // 5. Clean up.
  if (opts.keep) {
    console.log(`\nKept: database ${copyName}, restored files in ${restoredDataDir}, backup in ${backupDir}`);
  } else {
    // Also when the restore failed half-way: the database may exist already.
    if (restoring) await dropDatabase(sourceUrl, copyName).catch((err) => problems.push(`dropping ${copyName}: ${err.message}`));
    fs.rmSync(restoredDataDir, { recursive: true, force: true });
    if (!opts.dir) fs.rmSync(backupDir, { recursive: true, force: true });
    else console.log(`\nThe backup is in ${backupDir}`);
  }
}

if (problems.length) {
  console.error(`\nBackup drill FAILED:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nBackup drill passed: the copy has every row and file of the source, and the app starts on it.');
