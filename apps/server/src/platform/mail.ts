import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { randomToken } from './crypto';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Removes CR, LF and other control characters so a name or subject can never add a header (A13). */
export function headerSafe(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * The one recipient of a mail as a plain address. Sanitising is not enough here: "a@x.test Bcc:
 * b@evil.test" or "a@x.test, b@evil.test" would be read by nodemailer as other recipients, so
 * anything but a single bare address is refused (A13). @throws Error
 */
export function recipient(value: string): { name: string; address: string } {
  const address = value.trim();
  // No whitespace, separators, brackets, quotes or backslashes; an apostrophe (o'brien@) is fine.
  if (address.length > 254 || headerSafe(address) !== address || !/^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"'\\]+$/.test(address)) {
    throw new Error('refusing to send mail: the recipient is not a single plain address');
  }
  return { name: '', address };
}

/**
 * Real mail over SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file under
 * DATA_DIR/mail and logged (subject and file, never the body, which may hold a token).
 */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({
          from: opts.from,
          to: recipient(m.to),
          subject: headerSafe(m.subject),
          text: m.text,
          html: m.html,
        });
        opts.log.info({ mail: { subject: headerSafe(m.subject) } }, 'mail sent');
      },
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({
        from: opts.from,
        to: recipient(m.to),
        subject: headerSafe(m.subject),
        text: m.text,
        html: m.html,
      });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(4)}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ mail: { subject: headerSafe(m.subject), file } }, 'mail written to file (no SMTP_URL set)');
    },
  };
}
