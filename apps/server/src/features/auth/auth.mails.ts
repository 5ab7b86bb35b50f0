import type { Locale } from '@app/shared/platform/locale';
import { headerSafe, type MailMessage } from '../../platform/mail';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${esc(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${esc(action.url)}" style="background:#1c3d5a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${esc(action.label)}</a></p><p style="font-size:12px;color:#666;word-break:break-all">${esc(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2933;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${esc(title)}</h1>${body}${button}</body></html>`;
}

export function message(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n');
  return { to, subject, text, html: layout(subject, paragraphs, action) };
}

export interface Who {
  email: string;
  firstName: string;
  locale: Locale;
}

/** A name as one line: CR, LF and other control characters in a stored name never shape the mail (A13). */
const nameOf = (who: Who) => headerSafe(who.firstName);

export function passwordResetMail(who: Who, url: string, minutes: number): MailMessage {
  return who.locale === 'en'
    ? message(
        who.email,
        'Reset your password',
        [
          `Hello ${nameOf(who)},`,
          'We received a request to reset the password of your account. Use the button below to choose a new password.',
          `The link works once and expires in ${minutes} minutes. If you did not ask for this, you can ignore this e-mail; your password stays the same.`,
        ],
        { label: 'Choose a new password', url },
      )
    : message(
        who.email,
        'Wachtwoord herstellen',
        [
          `Hallo ${nameOf(who)},`,
          'We hebben een verzoek ontvangen om het wachtwoord van je account te herstellen. Kies via de knop hieronder een nieuw wachtwoord.',
          `De link werkt één keer en verloopt over ${minutes} minuten. Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.`,
        ],
        { label: 'Nieuw wachtwoord kiezen', url },
      );
}

export function passwordChangedMail(who: Who, loginUrl: string): MailMessage {
  return who.locale === 'en'
    ? message(
        who.email,
        'Your password was changed',
        [
          `Hello ${nameOf(who)},`,
          'The password of your account was just changed, and every session that was signed in has been signed out.',
          'If this was not you, reset your password straight away and contact us.',
        ],
        { label: 'Sign in', url: loginUrl },
      )
    : message(
        who.email,
        'Je wachtwoord is gewijzigd',
        [
          `Hallo ${nameOf(who)},`,
          'Het wachtwoord van je account is zojuist gewijzigd en alle ingelogde sessies zijn afgemeld.',
          'Was jij dit niet? Herstel dan direct je wachtwoord en neem contact met ons op.',
        ],
        { label: 'Inloggen', url: loginUrl },
      );
}

export function invitationMail(who: Who, url: string, hours: number): MailMessage {
  return who.locale === 'en'
    ? message(
        who.email,
        'Your account is ready',
        [
          `Hello ${nameOf(who)},`,
          'An account has been created for you. Choose a password with the button below to start using it.',
          `The link works once and expires in ${hours} hours.`,
        ],
        { label: 'Create password', url },
      )
    : message(
        who.email,
        'Je account staat klaar',
        [
          `Hallo ${nameOf(who)},`,
          'Er is een account voor je aangemaakt. Kies via de knop hieronder een wachtwoord om te beginnen.',
          `De link werkt één keer en verloopt over ${hours} uur.`,
        ],
        { label: 'Wachtwoord aanmaken', url },
      );
}
