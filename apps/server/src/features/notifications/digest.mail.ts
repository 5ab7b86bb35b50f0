import type { NotificationKind } from '@app/shared/notifications/notifications';
import type { MailMessage } from '../../platform/mail';
import { headerSafe } from '../../platform/mail';
import { message, type Who } from '../auth/auth.mails';
import { notificationMail } from './notification.mails';

/** One notification in a digest: its kind and facts (as the bell and the single mail word them) and where it leads. */
export interface DigestItem {
  kind: NotificationKind;
  data: Record<string, unknown>;
  link: string | null;
}

/**
 * The daily digest: one mail listing what happened, each line the subject its own mail would
 * have had and a link to it, in the recipient's language.
 */
export function digestMail(who: Who, items: readonly DigestItem[], appUrl: string): MailMessage {
  const en = who.locale === 'en';
  const lines = items.map((i) => {
    const url = `${appUrl}${i.link ?? '/'}`;
    return `${notificationMail(who, i.kind, i.data, url).subject} (${url})`;
  });
  return message(
    who.email,
    en
      ? `Your daily overview: ${items.length} ${items.length === 1 ? 'update' : 'updates'}`
      : `Je dagelijkse overzicht: ${items.length} ${items.length === 1 ? 'melding' : 'meldingen'}`,
    [
      en ? `Hello ${headerSafe(who.firstName)},` : `Hallo ${headerSafe(who.firstName)},`,
      en ? 'This is what happened since your last overview:' : 'Dit is er gebeurd sinds je vorige overzicht:',
      ...lines,
      en
        ? 'You chose to hear of these once a day. Change it in your settings.'
        : 'Je hebt gekozen deze één keer per dag te ontvangen. Dat pas je aan bij je instellingen.',
    ],
    { label: en ? 'Open the app' : 'App openen', url: appUrl },
  );
}
