// `npm test`: the whole suite. Shared and web unit tests, then the server's integration tests.
//
// With TEST_DATABASE_URL naming a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres;
// the tests create and drop their own databases), as .ci/run sets it: every server test on
// PostgreSQL, then on the embedded PGlite the tests that prove that path (apps/server/test: every
// registered route through the route, scope, people and hostile-input matrices with the fixed
// hostile cases, the exports, the migrations, `npm start` and its shutdown; and src/db). The
// features' own tests run the same SQL on both engines, so running them twice doubled the time
// (docs/decisions.md, "Test run on two databases").
//
// Without TEST_DATABASE_URL every server test runs on PGlite. `npm run test:pglite` runs every
// server test on PGlite whatever is set.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const extra = process.argv.slice(2);
const allOnPglite = extra[0] === '--all-pglite';
if (allOnPglite) extra.shift();

function run(label, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync('npx', ['vitest', 'run', ...args, ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(`(${label}: ${Math.round((Date.now() - started) / 1000)} s)`);
  if (r.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(r.status ?? 1);
  }
}

/** The server tests that prove the PGlite path when PostgreSQL runs them all. */
const PGLITE_PATH_TESTS = ['apps/server/test/', 'apps/server/src/db/'];

if (allOnPglite) {
  run('server integration tests on PGlite', ['--project', 'server'], { TEST_DB: 'pglite' });
  process.exit(0);
}

run('shared and web unit tests', ['--project', 'shared', '--project', 'web', '--project', 'web-isolated']);
if (process.env.TEST_DATABASE_URL) {
  run('server integration tests on PostgreSQL', ['--project', 'server'], { TEST_DB: 'pg' });
  run('the PGlite path: generated route matrices, exports, migrations, start', ['--project', 'server', ...PGLITE_PATH_TESTS], {
    TEST_DB: 'pglite',
    // The random hostile bodies exercise the validation, which is the same on both engines; the
    // fixed cases (NUL bytes, lone surrogates, huge numbers) still reach PGlite on every route.
    HOSTILE_RUNS: process.env.HOSTILE_RUNS ?? '0',
  });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: every server test runs on PGlite; .ci/run also runs them on PostgreSQL.)');
  run('server integration tests on PGlite', ['--project', 'server'], { TEST_DB: 'pglite' });
}
