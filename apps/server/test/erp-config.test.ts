import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`expected a ConfigError for ${Object.keys(env).join(', ')}`);
}

describe('ERP configuration (docs/erp.md)', () => {
  it('defaults: no ERP, a nightly sync at 02:00, 15 s timeouts, 3 retries, a 2 500-article stand-in', () => {
    expect(loadConfig({}).erp).toEqual({
      url: undefined,
      token: undefined,
      division: '1',
      syncCron: '0 2 * * *',
      timeoutMs: 15_000,
      retries: 3,
      retryBaseMs: 500,
      standinSize: 2500,
      standinPort: 0,
    });
  });

  it('a real ERP needs its token and division', () => {
    const e = configError({ ERP_URL: 'https://start.exactonline.nl' });
    expect(e.message).toContain('ERP_TOKEN');
    expect(e.message).toContain('ERP_DIVISION');
    const ok = loadConfig({ ERP_URL: 'https://start.exactonline.nl/', ERP_TOKEN: 't', ERP_DIVISION: '123456' }).erp;
    expect(ok).toMatchObject({ url: 'https://start.exactonline.nl', token: 't', division: '123456' });
  });

  it('production mode refuses a plain-http ERP (the token would travel in clear text) except on loopback', () => {
    const prod = { APP_MODE: 'production', NODE_ENV: 'production', APP_URL: 'https://portal.example.test' };
    const erp = { ERP_TOKEN: 'secret-token-value', ERP_DIVISION: '1' };
    expect(configError({ ...prod, ...erp, ERP_URL: 'http://erp.example.test' }).message).toMatch(/ERP_URL: must be https/);
    expect(loadConfig({ ...prod, ...erp, ERP_URL: 'http://127.0.0.1:8080' }).erp.url).toBe('http://127.0.0.1:8080');
  });

  it('names bad values without echoing the token', () => {
    const e = configError({
      ERP_URL: 'ftp://erp',
      ERP_TOKEN: '',
      ERP_SYNC_CRON: 'nightly',
      ERP_RETRIES: '9',
      ERP_TIMEOUT_MS: 'soon',
      ERP_STANDIN_SIZE: '200000',
    });
    for (const name of ['ERP_URL', 'ERP_TOKEN', 'ERP_SYNC_CRON', 'ERP_RETRIES', 'ERP_TIMEOUT_MS', 'ERP_STANDIN_SIZE']) {
      expect(e.message).toContain(name);
    }
    const t = configError({ ERP_TOKEN: 'x'.repeat(9000) });
    expect(t.message).toContain('ERP_TOKEN');
    expect(t.message).not.toContain('xxxx');
  });

  it('ERP_SYNC_CRON=off turns the nightly sync off', () => {
    expect(loadConfig({ ERP_SYNC_CRON: 'off' }).erp.syncCron).toBeNull();
    expect(loadConfig({ ERP_SYNC_CRON: '30 3 * * 1-5' }).erp.syncCron).toBe('30 3 * * 1-5');
  });
});
