// The production build of the server: src/main.ts bundled by esbuild into dist/main.js (ESM, with
// a source map), so production runs plain JavaScript and never loads TypeScript.
//
// - @app/shared is TypeScript source (its exports map to src/*.ts): it is compiled into the bundle.
// - Every other package stays external and is loaded from node_modules at run time, as it is
//   published: pg-boss is CommonJS, sharp and @node-rs/argon2 are native.
// - The SQL migrations are copied to dist/migrations: db/migrate.ts reads them next to the module
//   (import.meta.url), which is src/db/ in development and dist/ in the bundle.
//
// `node scripts/build.mjs --if-stale` builds only when a source is newer than the bundle
// (npm start and the browser tests' setup use it).
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const root = path.resolve(serverDir, '../..');
const dist = path.join(serverDir, 'dist');
const bundle = path.join(dist, 'main.js');

/** What the bundle is made of: a change to any of these makes it stale. */
const inputs = [
  path.join(serverDir, 'src'),
  path.join(serverDir, 'package.json'),
  path.join(root, 'packages/shared/src'),
  path.join(root, 'packages/shared/package.json'),
  import.meta.filename,
];

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let t = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    // Tests live next to the sources but are never part of the bundle.
    if (entry === 'node_modules' || /\.test\.tsx?$/.test(entry)) continue;
    t = Math.max(t, newestMtime(path.join(p, entry)));
  }
  return t;
}

/** True when dist/main.js is missing or older than one of its sources. */
export function isStale() {
  const builtAt = fs.statSync(bundle, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Math.max(...inputs.map(newestMtime)) > builtAt;
}

/** Bare imports are packages: external, except the workspace's TypeScript package @app/shared. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || path.isAbsolute(args.path)) return undefined;
      if (args.path === '@app/shared' || args.path.startsWith('@app/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function build() {
  const started = Date.now();
  // Written to a folder of this process, then renamed into place: a server starting from
  // dist/main.js at the same moment reads the old bundle or the new one, never half of one.
  fs.mkdirSync(dist, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(dist, '.build-'));
  try {
    await esbuild.build({
      entryPoints: [path.join(serverDir, 'src/main.ts')],
      outfile: path.join(tmp, 'main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      sourcesContent: false,
      plugins: [externalPackages],
      logLevel: 'warning',
    });
    // Migrations only ever get added: copying over the previous ones leaves nothing stale.
    fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
    fs.renameSync(path.join(tmp, 'main.js.map'), path.join(dist, 'main.js.map'));
    // Last: its time stamp is what --if-stale compares.
    fs.renameSync(path.join(tmp, 'main.js'), bundle);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const kb = Math.round(fs.statSync(bundle).size / 1024);
  console.log(`server: built ${path.relative(root, bundle)} (${kb} KB) in ${Date.now() - started} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  await build();
}
