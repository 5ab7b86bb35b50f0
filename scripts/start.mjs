// `npm start`: builds what is stale (the web app, the server bundle), then runs the compiled
// server (apps/server/dist/main.js) in this very process. There is no child process to forward
// signals to: this process is the server, so Ctrl-C, `kill <pid>` and `kill -TERM -<pgid>` all
// reach the server itself, which drains and exits (O1). package.json starts this script with
// `exec`, so no shell sits between npm and the server either.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

function newest(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let t = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist' || /\.test\.tsx?$/.test(entry)) continue;
    t = Math.max(t, newest(path.join(p, entry)));
  }
  return t;
}

function run(label, args) {
  const r = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${label} failed${r.signal ? ` (${r.signal})` : ''}`);
    process.exit(r.status || 1);
  }
}

// The web app, unless WEB_DIST names another build to serve.
if (!process.env.WEB_DIST) {
  const index = path.join(root, 'apps/web/dist/index.html');
  const builtAt = fs.statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];
  if (Math.max(...sources.map((s) => newest(path.join(root, s)))) > builtAt) {
    console.log('Building the web app…');
    run('the web build', ['npm', 'run', 'build', '-w', '@app/web']);
  }
}

// The server bundle (the build script checks whether it is stale).
run('the server build', [process.execPath, 'apps/server/scripts/build.mjs', '--if-stale']);

// Relative settings (DATA_DIR=./data) mean the repository, wherever this was started from.
process.chdir(root);
// Stack traces point into the TypeScript sources (dist/main.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
