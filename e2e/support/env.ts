/**
 * The environment variables global-setup.ts hands to the test workers (Playwright starts the
 * workers after the global setup, with its process.env).
 */
export const ENV = {
  /** http://127.0.0.1:<port> of the app under test; also the app's APP_URL. */
  baseUrl: 'E2E_BASE_URL',
  /** The folder the SMTP sink writes every received mail to, one JSON file each. */
  mailDir: 'E2E_MAIL_DIR',
  /** POST (JSON) here changes the demo's stand-in ERP (apps/server/src/demo/erp-standin.ts); GET reads it. */
  erpControl: 'E2E_ERP_CONTROL_URL',
  /** The app's own PostgreSQL database (unset on PGlite): support/jobs.ts queues a job there. */
  appDatabaseUrl: 'E2E_APP_DATABASE_URL',
} as const;

/** One mail as the SMTP sink received it. */
export interface ReceivedMail {
  /** The envelope recipients (RCPT TO), lower-case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** ISO time the sink finished reading the mail. */
  receivedAt: string;
}

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the browser tests through playwright.config.ts (its global setup sets it)`);
  return value;
}
