import { beforeEach, type MockInstance, vi } from 'vitest';
import { notify as realNotify } from '../src/lib/notify';

type Notify = typeof realNotify;
export type NotifySpies = { [K in keyof Notify]: MockInstance<Notify[K]> };

/**
 * Toasts recorded instead of shown: before each test of the file, every method of the app's
 * `notify` is replaced by a spy that does nothing (setup.ts restores them after each test). The
 * object answered holds the current test's spies: `expect(notify.success).toHaveBeenCalledWith(…)`.
 * A spy, not vi.mock: the web tests share one module graph per worker (vitest.config.ts).
 */
export function mockNotify(): NotifySpies {
  const spies = {} as NotifySpies;
  beforeEach(() => {
    for (const key of Object.keys(realNotify) as (keyof Notify)[]) {
      // One assignment per key: the spy's type follows the method's.
      Object.assign(spies, { [key]: vi.spyOn(realNotify, key).mockImplementation(() => {}) });
    }
  });
  return spies;
}
