import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { ReceivedMail } from './env';

export interface SmtpSink {
  port: number;
  /** Every mail received so far, in arrival order. */
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A local SMTP server that accepts every mail without authentication or TLS, parses it and keeps
 * it in memory and as <dir>/<n>.json, which the tests read (they run in other processes).
 */
export async function startSmtpSink(dir: string): Promise<SmtpSink> {
  await fs.mkdir(dir, { recursive: true });
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          };
          mails.push(mail);
          const file = path.join(dir, `${String(mails.length).padStart(4, '0')}.json`);
          // Written under another name first, so a reader never sees half a file.
          await fs.writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2));
          await fs.rename(`${file}.tmp`, file);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP sink has no TCP port');
  return {
    port: address.port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
