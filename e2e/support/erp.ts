import { type ErpStandinSettings, standinItem } from '../../apps/server/src/demo/erp-standin.ts';
import { test as base, expect } from './axe';
import { ENV, requiredEnv } from './env';

/** The demo's article count: what the stand-in ERP lists and the app synced on its first start. */
export const DEMO_ARTICLES = 2500;

/** Settings the tests change; the rest (the token, the division) stay as the app started them. */
export type ErpSettings = Omit<ErpStandinSettings, 'token' | 'division'>;

async function control(patch?: Partial<ErpSettings>): Promise<ErpStandinSettings> {
  const url = requiredEnv(ENV.erpControl);
  const res = patch
    ? await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) })
    : await fetch(url);
  if (!res.ok)
    throw new Error(`the stand-in ERP refused ${patch ? JSON.stringify(patch) : 'GET'}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { settings: ErpStandinSettings }).settings;
}

/** The stand-in ERP as a test changes it (POST /__control). */
export interface ErpControl {
  set(patch: Partial<ErpSettings>): Promise<ErpStandinSettings>;
  settings(): Promise<ErpStandinSettings>;
}

/**
 * The browser tests with an `erp` fixture: the stand-in ERP's settings, put back the way they were
 * before the test once it ends, passed or not (the tests share one app and one stand-in).
 */
export const test = base.extend<{ erp: ErpControl }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  erp: async ({}, use) => {
    const before = await control();
    let changed = false;
    await use({
      set: (patch) => {
        changed = true;
        return control(patch);
      },
      settings: () => control(),
    });
    if (changed) {
      const { token: _token, division: _division, ...restore } = before;
      await control(restore);
      expect(await control()).toEqual(before);
    }
  },
});

export { expect };

/** Article `index` of the stand-in's catalogue: its SKU (Exact's Code) and name (Description). */
export function erpArticle(index: number): { sku: string; name: string } {
  const item = standinItem(index);
  return { sku: String(item.Code), name: String(item.Description) };
}

/** 1.234 → '1.234': how the Dutch screens write a count. */
export const nlNumber = (n: number) => new Intl.NumberFormat('nl-NL').format(n);
