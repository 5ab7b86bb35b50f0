// `npm test`: the whole suite. Shared and web unit tests, then the server's integration tests on
// the embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL names a server
// (e.g. postgres://postgres@127.0.0.1:5432/postgres; the tests create and drop their own databases).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const extra = process.argv.slice(2);

function run(label, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync('npx', ['vitest', 'run', ...args, ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(r.status ?? 1);
  }
}

run('shared and web unit tests', ['--project', 'shared', '--project', 'web']);
run('server integration tests on PGlite', ['--project', 'server'], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  run('server integration tests on PostgreSQL', ['--project', 'server'], { TEST_DB: 'pg' });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run of the server tests was skipped; .ci/run sets it.)');
}
