// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// in this process's place (one server process; stop it with Ctrl-C or SIGTERM).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const sources = [path.join(root, 'apps/web/src'), path.join(root, 'apps/web/public'), path.join(root, 'packages/shared/src')];
const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
const changedAt = Math.max(
  ...sources.map(newest),
  fs.statSync(path.join(root, 'apps/web/index.html')).mtimeMs,
  fs.statSync(path.join(root, 'apps/web/vite.config.ts')).mtimeMs,
);
if (changedAt > builtAt) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
