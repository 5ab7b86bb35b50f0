import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const production = { APP_MODE: 'production', NODE_ENV: 'production', APP_URL: 'https://portal.example.test' };
const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('demo data never in production (A7)', () => {
  it('production mode does not seed, with SEED_DEMO unset', () => {
    const c = loadConfig(production);
    expect(c.mode).toBe('production');
    expect(c.seedDemo).toBe(false);
  });

  it('demo mode seeds by default and SEED_DEMO=false turns it off', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('main.ts is the only caller of the demo seed, and only in demo mode', () => {
    const callers: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !p.includes(`${path.sep}demo${path.sep}`)) {
          if (/from '\.{1,2}\/(\.\.\/)*demo\/seed'/.test(fs.readFileSync(p, 'utf8'))) callers.push(path.relative(SRC, p));
        }
      }
    };
    walk(SRC);
    expect(callers).toEqual(['main.ts']);
    const main = fs.readFileSync(path.join(SRC, 'main.ts'), 'utf8');
    const call = main.split('\n').find((l) => l.includes('await seedDemo('));
    const guard = main.split('\n').find((l) => l.includes('isEmpty(db)'));
    expect(call).toBeDefined();
    expect(guard).toMatch(/config\.mode === 'demo'/);
    expect(guard).toMatch(/config\.seedDemo/);
  });

  it('production needs an https APP_URL', () => {
    const e = configError({ ...production, APP_URL: 'http://portal.example.test' });
    expect(e.message).toMatch(/APP_URL/);
  });
});

describe('configuration errors name the variable', () => {
  it('PORT=abc', () => {
    const e = configError({ PORT: 'abc' });
    expect(e.message).toMatch(/\bPORT\b/);
  });

  it('DATABASE_URL=mysql://x, without echoing a URL that may hold a password', () => {
    const e = configError({ DATABASE_URL: 'mysql://root:hunter2@db/x' });
    expect(e.message).toMatch(/\bDATABASE_URL\b/);
    expect(e.message).not.toContain('hunter2');
    expect(e.message).not.toContain('mysql://');
  });

  it('several problems are all listed', () => {
    const e = configError({ PORT: '70000', LOG_LEVEL: 'loud', SMTP_URL: 'http://mail' });
    for (const name of ['PORT', 'LOG_LEVEL', 'SMTP_URL']) expect(e.message).toContain(name);
  });

  it('a valid environment gives typed values', () => {
    const c = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://app@db/app', JOBS: 'false', TRUST_PROXY: '1' });
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBe('postgres://app@db/app');
    expect(c.migrationDatabaseUrl).toBe('postgres://app@db/app');
    expect(c.jobs).toBe(false);
    expect(c.trustProxy).toBe(1);
    expect(c.cookieSecure).toBe(false);
    expect(loadConfig(production).cookieSecure).toBe(true);
  });
});

describe('the shutdown grace period (O1)', () => {
  it('is 10 s unless SHUTDOWN_GRACE_MS says otherwise, from 1 s to an hour', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '120000' }).shutdownGraceMs).toBe(120_000);
    for (const v of ['500', '3600001', '10s'])
      expect(configError({ SHUTDOWN_GRACE_MS: v }).message).toMatch(/\bSHUTDOWN_GRACE_MS\b/);
  });

  it('is the deadline main.ts gives the shutdown', () => {
    const main = fs.readFileSync(path.join(SRC, 'main.ts'), 'utf8');
    expect(main).toMatch(/new Shutdown\(\{ log, deadlineMs: config\.shutdownGraceMs \}\)/);
  });
});
