import type { ChildProcess } from 'node:child_process';
import type { SmtpSink } from './smtp-sink';

/** What global-teardown.ts needs from global-setup.ts; both run in Playwright's main process. */
export interface E2eState {
  server: ChildProcess;
  serverLog: string;
  smtp: SmtpSink;
  tmpDir: string;
  database: { adminUrl: string; name: string } | null;
}

const STATE = Symbol.for('outfitting.e2e.state');
type WithState = typeof globalThis & { [STATE]?: E2eState };

export const e2eState = {
  get: (): E2eState | undefined => (globalThis as WithState)[STATE],
  set: (s: E2eState | undefined): void => {
    (globalThis as WithState)[STATE] = s;
  },
};
