// The stored files half of a backup and its drill (README "Backups"), for STORAGE=disk: the folder
// DATA_DIR/files as one tar archive, and a fingerprint (size and sha256 per file) to compare the
// folder with what the archive gives back. A bucket (STORAGE=s3) is kept by the bucket's own
// versioning or by `aws s3 sync`, not here.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { run } from './run.mjs';

/**
 * Archives the folder `filesDir` into `tarFile` (the folder's name is kept in the archive). False
 * when there is no folder (nothing uploaded yet). GNU tar exits 1 when a file changed while it was
 * read (an upload in progress): the archive is made all the same, and such a file is newer than
 * the backup, which compareFiles leaves out.
 */
export async function backupFiles(filesDir, tarFile) {
  if (!(await fs.stat(filesDir).catch(() => null))) return false;
  await run('tar', ['-C', path.dirname(filesDir), '-cf', tarFile, path.basename(filesDir)], { okCodes: [0, 1] });
  return true;
}

/** Unpacks `tarFile` into the folder `dataDir` (which then holds `files/`). */
export async function restoreFiles(tarFile, dataDir) {
  await fs.mkdir(dataDir, { recursive: true });
  await run('tar', ['-C', dataDir, '-xf', tarFile]);
}

async function sha256(file) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every file under `dir` (its storage key, '/'-separated) → { size, sha256, mtimeMs }; empty when there is no folder. */
export async function fingerprintFiles(dir) {
  const result = new Map();
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((err) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath ?? e.path, e.name);
    const stat = await fs.stat(full);
    const key = path.relative(dir, full).split(path.sep).join('/');
    result.set(key, { size: stat.size, sha256: await sha256(full), mtimeMs: stat.mtimeMs });
  }
  return result;
}

/**
 * The files as they were when the backup began (`since`, ms) against the restored ones: each must
 * be there with the same size and sha256. Files written since (`newer`) and files removed since
 * (`gone`: in the backup, no longer in the folder) are counted, not failures.
 */
export function compareFiles(source, restored, since) {
  let files = 0;
  let bytes = 0;
  let newer = 0;
  const missing = [];
  const differing = [];
  for (const [key, s] of source) {
    if (s.mtimeMs >= since) {
      newer++;
      continue;
    }
    files++;
    bytes += s.size;
    const r = restored.get(key);
    if (!r) missing.push(key);
    else if (r.size !== s.size || r.sha256 !== s.sha256) differing.push(key);
  }
  const gone = [...restored.keys()].filter((key) => !source.has(key)).length;
  let restoredBytes = 0;
  for (const r of restored.values()) restoredBytes += r.size;
  return {
    files,
    bytes,
    restoredFiles: restored.size,
    restoredBytes,
    newer,
    gone,
    missing,
    differing,
    ok: missing.length === 0 && differing.length === 0,
  };
}
