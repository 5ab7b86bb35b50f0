import fs from 'node:fs/promises';
import path from 'node:path';
import { ENV, type ReceivedMail, requiredEnv } from './env';

async function readMails(): Promise<ReceivedMail[]> {
  const dir = requiredEnv(ENV.mailDir);
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as ReceivedMail));
}

/**
 * Waits for a mail to `to` with exactly `subject`, received at or after `since`. Mails go out from
 * a background job that polls every couple of seconds, so this polls for up to 20 s.
 */
export async function waitForMail(
  match: { to: string; subject: string; since?: Date },
  timeoutMs = 20_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  const to = match.to.toLowerCase();
  const since = match.since?.getTime() ?? 0;
  for (;;) {
    const found = (await readMails()).find(
      (m) => m.to.includes(to) && m.subject === match.subject && Date.parse(m.receivedAt) >= since,
    );
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = (await readMails()).map((m) => `${m.to.join(',')}: ${m.subject}`);
      throw new Error(`no mail '${match.subject}' to ${to} within ${timeoutMs} ms; received: ${JSON.stringify(seen)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in the mail's text whose path starts with `pathPrefix`. */
export function linkFrom(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in the mail '${mail.subject}':\n${mail.text}`);
  return link;
}
