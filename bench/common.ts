import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchIds, benchIds } from './ids.ts';

/** Seeded session tokens are tok1 … tokSESSIONS (cookie values); each one's CSRF token is csrfTokenFor(n). */
export const SESSIONS = 10_000;

/** The app's session cookie name when COOKIE_SECURE is false. */
export const COOKIE_NAME = 'sid';

export const sessionToken = (n: number): string => `tok${n}`;
export const csrfTokenFor = (n: number): string => `csrf${n}`;
export const sha256Hex = (v: string): string => createHash('sha256').update(v).digest('hex');

/** A uniformly random session number in 1 … SESSIONS. */
export const randomSession = (): number => 1 + Math.floor(Math.random() * SESSIONS);

/**
 * A random employee's session: seed.ts gives session g to account (g - 1) % (employees + clients),
 * the employees' accounts first (then the company users'), so these are g = 1 + (E + C)k + j, j < E.
 */
export const randomEmployeeSession = (): number => {
  const { employees: e, clients: c, sessions: s } = benchIds;
  const j = Math.floor(Math.random() * e);
  const k = Math.floor(Math.random() * (1 + Math.floor((s - 1 - j) / (e + c))));
  return 1 + (e + c) * k + j;
};

/** A page-view event that passes pageViewEventSchema (packages/shared/src/analytics/analytics.ts). */
export function pageViewBody(n: number): string {
  const page = 1 + (n % 20);
  return JSON.stringify({
    event_type: 'page_view',
    url: `http://127.0.0.1/company-products?page=${page}`,
    metadata: {
      route_name: 'company-products',
      path: '/company-products',
      params: {},
      query: { page: String(page) },
      referrer: null,
      timestamp: new Date().toISOString(),
      user_agent: 'autocannon',
      screen_resolution: '1920x1080',
      viewport_size: '1280x720',
      language: 'nl-NL',
    },
  });
}

/** Messages a server child sends to the runner over IPC. */
export type ChildMessage =
  | {
      type: 'ready';
      ports: { app?: number; baseline?: number };
      note?: string;
      /** PGlite: the ids the child's seeds made (ids.ts). */
      ids?: Partial<BenchIds>;
      /** PGlite --production: seconds per seeded part, and the row counts. */
      seeded?: { timings: Record<string, number>; counts: Record<string, number>; notes: string[] };
    }
  | { type: 'error'; message: string };

/** Sends a message to the parent when started with an IPC channel (child_process.fork). */
export function tellParent(msg: ChildMessage): void {
  if (process.send) process.send(msg);
  else console.log(JSON.stringify(msg));
}

/** True when this module is the process's entry point (node --import tsx file.ts). */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && fileURLToPath(metaUrl) === path.resolve(entry);
}

/** Runs fn once on SIGTERM or SIGINT, then exits. */
export function onStop(fn: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) return;
    stopping = true;
    fn().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
  // The runner died without stopping us: do not linger.
  process.on('disconnect', handler);
}
