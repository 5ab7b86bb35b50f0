import type { NotificationKind } from '@app/shared/notifications/notifications';
import type { Locale } from '@app/shared/platform/locale';
import type { MailMessage } from '../../platform/mail';
import { headerSafe } from '../../platform/mail';
import { message, type Who } from '../auth/auth.mails';

/**
 * The mail of a notification, in the recipient's language, made from the notification's kind and
 * data (the same facts the bell words in the web app). The data conventions per kind:
 * - request.received: title, company
 * - request.decided: title, outcome ('approved' | 'declined'), reason?
 * - design.sent: title, versionNumber
 * - design.decided: title, company, versionNumber, outcome ('approved' | 'denied'), comment?
 * - design.vote: title, company, versionNumber, by (the approver), waiting (the approvers still awaited, joined)
 * - order.info_requested: title, company, comment; a follow-up in a question's thread also followUp (true), question
 * - order.info_answered: title, question, comment (the answer)
 * - order.completed: title
 * - drawing.version_ready: name, project, versionNumber
 * - drawing.comment: name, versionNumber, author, body
 * - drawing.decided: name, versionNumber, outcome ('approved' | 'changes_requested'), by, body?
 * - drawing.partially_approved: name, versionNumber, by (who approved), waitingFor (the names still to approve)
 * - post.published: title
 * - declaration.decided: description, amount (formatted), date, outcome ('approved' | 'rejected' | 'paid'), reason?
 * - overnight.decided: date, nights, location, project, outcome ('approved' | 'rejected'), reason?
 * - timesheet.approved / timesheet.returned: week ('2026-W10'), from, to, hours (h:mm), by, comment? (sent back)
 * - leave.requested: employee, type, startsOn, endsOn, part? ('12:00-16:30'), hours (h:mm)
 * - leave.decided: employee, type, startsOn, endsOn, part?, hours (h:mm), outcome ('approved' | 'denied'), reason?
 */
type Data = Record<string, unknown>;
type Texts = { subject: string; lines: string[]; action: string };

const str = (d: Data, k: string) => headerSafe(String(d[k] ?? ''));
/** A YYYY-MM-DD date as the reader writes it: day-month-year. */
const day = (d: Data, k: string) => str(d, k).split('-').reverse().join('-');
/** A request's period as the reader writes it: one day (with its window) or from-till. */
const period = (d: Data, to: string) => {
  const one = str(d, 'startsOn') === str(d, 'endsOn');
  const window = d.part ? ` ${str(d, 'part')}` : '';
  return one ? `${day(d, 'startsOn')}${window}` : `${day(d, 'startsOn')} ${to} ${day(d, 'endsOn')}`;
};
/** A list of names in the reader's language ("Emma en Noor", "Emma and Noor"). */
const names = (d: Data, k: string, locale: Locale) => {
  const v = d[k];
  return headerSafe(new Intl.ListFormat(locale, { type: 'conjunction' }).format(Array.isArray(v) ? v.map(String) : []));
};
/** A week key's number ('2026-W10' -> '10'). */
const weekNo = (d: Data) => String(Number(str(d, 'week').slice(6)) || str(d, 'week'));
const quote = (d: Data, k: string) => (d[k] ? [`“${String(d[k]).slice(0, 1000)}”`] : []);

const nl: Record<NotificationKind, (d: Data) => Texts> = {
  'post.published': (d) => ({
    subject: `Nieuw bericht: ${str(d, 'title')}`,
    lines: ['Er staat een nieuw bericht voor je klaar.'],
    action: 'Bericht lezen',
  }),
  // A reorder starts in progress: there is nothing to approve or decline.
  'request.received': (d) =>
    d.reorder
      ? {
          subject: `Nabestelling: ${str(d, 'title')}`,
          lines: [`${str(d, 'company')} bestelt opnieuw: ${str(d, 'title')}.`, 'De bestelling staat in behandeling.'],
          action: 'Bestelling bekijken',
        }
      : {
          subject: `Nieuwe productaanvraag: ${str(d, 'title')}`,
          lines: [
            `${str(d, 'company')} heeft een product aangevraagd: ${str(d, 'title')}.`,
            'Keur de aanvraag goed of wijs hem af.',
          ],
          action: 'Aanvraag bekijken',
        },
  'request.decided': (d) =>
    d.outcome === 'approved'
      ? {
          subject: `Aanvraag goedgekeurd: ${str(d, 'title')}`,
          lines: [`Je productaanvraag "${str(d, 'title')}" is goedgekeurd. We gaan aan de slag met het ontwerp.`],
          action: 'Bestelling bekijken',
        }
      : {
          subject: `Aanvraag afgewezen: ${str(d, 'title')}`,
          lines: [`Je productaanvraag "${str(d, 'title')}" is afgewezen.`, ...quote(d, 'reason')],
          action: 'Aanvraag bekijken',
        },
  'design.sent': (d) => ({
    subject: `Ontwerp ter goedkeuring: ${str(d, 'title')}`,
    lines: [
      `Versie ${str(d, 'versionNumber')} van het ontwerp voor "${str(d, 'title')}" staat klaar.`,
      'Keur het ontwerp goed of geef aan wat er moet veranderen.',
    ],
    action: 'Ontwerp bekijken',
  }),
  'design.decided': (d) =>
    d.outcome === 'approved'
      ? {
          subject: `Ontwerp goedgekeurd: ${str(d, 'title')}`,
          lines: [`${str(d, 'company')} heeft versie ${str(d, 'versionNumber')} van "${str(d, 'title')}" goedgekeurd.`],
          action: 'Bestelling bekijken',
        }
      : {
          subject: `Wijzigingen gevraagd: ${str(d, 'title')}`,
          lines: [
            `${str(d, 'company')} vraagt wijzigingen in versie ${str(d, 'versionNumber')} van "${str(d, 'title')}".`,
            ...quote(d, 'comment'),
          ],
          action: 'Wijzigingen bekijken',
        },
  'design.vote': (d) => ({
    subject: `Ontwerp deels goedgekeurd: ${str(d, 'title')}`,
    lines: [
      `${str(d, 'by')} (${str(d, 'company')}) keurde ontwerp v${str(d, 'versionNumber')} van "${str(d, 'title')}" goed; wacht nog op ${str(d, 'waiting')}.`,
    ],
    action: 'Bestelling bekijken',
  }),
  'order.info_requested': (d) =>
    d.followUp
      ? {
          subject: `Vervolgvraag over: ${str(d, 'title')}`,
          lines: [`${str(d, 'company')} stelt een vervolgvraag over "${str(d, 'title')}".`, ...quote(d, 'comment')],
          action: 'Bestelling bekijken',
        }
      : {
          subject: `Vraag over: ${str(d, 'title')}`,
          lines: [`${str(d, 'company')} vraagt om meer informatie over "${str(d, 'title')}".`, ...quote(d, 'comment')],
          action: 'Bestelling bekijken',
        },
  'order.info_answered': (d) => ({
    subject: `Antwoord op je vraag: ${str(d, 'title')}`,
    lines: [`We hebben je vraag over "${str(d, 'title')}" beantwoord.`, ...quote(d, 'comment')],
    action: 'Antwoord bekijken',
  }),
  'order.completed': (d) => ({
    subject: `Bestelling afgerond: ${str(d, 'title')}`,
    lines: [`Je bestelling "${str(d, 'title')}" is afgerond. De definitieve bestanden staan klaar.`],
    action: 'Bestanden downloaden',
  }),
  'drawing.version_ready': (d) => ({
    subject: `Tekening ter goedkeuring: ${str(d, 'name')}`,
    lines: [
      `Versie ${str(d, 'versionNumber')} van de tekening "${str(d, 'name')}" (${str(d, 'project')}) staat klaar.`,
      'Bekijk de tekening en keur hem goed of vraag om wijzigingen.',
    ],
    action: 'Tekening bekijken',
  }),
  'drawing.comment': (d) => ({
    subject: `Nieuwe opmerking bij ${str(d, 'name')}`,
    lines: [
      `${str(d, 'author')} plaatste een opmerking bij versie ${str(d, 'versionNumber')} van "${str(d, 'name')}".`,
      ...quote(d, 'body'),
    ],
    action: 'Opmerking bekijken',
  }),
  'drawing.decided': (d) =>
    d.outcome === 'approved'
      ? {
          subject: `Tekening goedgekeurd: ${str(d, 'name')}`,
          lines: [`${str(d, 'by')} heeft versie ${str(d, 'versionNumber')} van "${str(d, 'name')}" goedgekeurd.`],
          action: 'Tekening bekijken',
        }
      : {
          subject: `Wijzigingen gevraagd: ${str(d, 'name')}`,
          lines: [
            `${str(d, 'by')} vraagt wijzigingen in versie ${str(d, 'versionNumber')} van "${str(d, 'name')}".`,
            ...quote(d, 'body'),
          ],
          action: 'Tekening bekijken',
        },
  'drawing.partially_approved': (d) => ({
    subject: `Deels goedgekeurd: ${str(d, 'name')}`,
    lines: [
      `${str(d, 'by')} keurde versie ${str(d, 'versionNumber')} van "${str(d, 'name')}" goed; we wachten nog op ${names(d, 'waitingFor', 'nl')}.`,
    ],
    action: 'Tekening bekijken',
  }),
  'declaration.decided': (d) =>
    d.outcome === 'rejected'
      ? {
          subject: `Declaratie afgewezen: ${str(d, 'description')}`,
          lines: [
            `Je declaratie "${str(d, 'description')}" van ${day(d, 'date')} (${str(d, 'amount')}) is afgewezen.`,
            ...quote(d, 'reason'),
          ],
          action: 'Declaratie bekijken',
        }
      : d.outcome === 'paid'
        ? {
            subject: `Declaratie uitbetaald: ${str(d, 'description')}`,
            lines: [`Je declaratie "${str(d, 'description')}" van ${day(d, 'date')} (${str(d, 'amount')}) is uitbetaald.`],
            action: 'Declaratie bekijken',
          }
        : {
            subject: `Declaratie goedgekeurd: ${str(d, 'description')}`,
            lines: [`Je declaratie "${str(d, 'description')}" van ${day(d, 'date')} (${str(d, 'amount')}) is goedgekeurd.`],
            action: 'Declaratie bekijken',
          },
  'overnight.decided': (d) =>
    d.outcome === 'rejected'
      ? {
          subject: `Overnachting afgewezen: ${str(d, 'location')}`,
          lines: [
            `Je overnachting in ${str(d, 'location')} vanaf ${day(d, 'date')} (${str(d, 'project')}) is afgewezen.`,
            ...quote(d, 'reason'),
          ],
          action: 'Overnachtingen bekijken',
        }
      : {
          subject: `Overnachting goedgekeurd: ${str(d, 'location')}`,
          lines: [`Je overnachting in ${str(d, 'location')} vanaf ${day(d, 'date')} (${str(d, 'project')}) is goedgekeurd.`],
          action: 'Overnachtingen bekijken',
        },
  'timesheet.approved': (d) => ({
    subject: `Week ${weekNo(d)} goedgekeurd`,
    lines: [
      `${str(d, 'by')} heeft je uren van week ${weekNo(d)} (${day(d, 'from')} t/m ${day(d, 'to')}, ${str(d, 'hours')} uur) goedgekeurd.`,
      'De uren van deze week liggen nu vast.',
    ],
    action: 'Uren bekijken',
  }),
  'timesheet.returned': (d) => ({
    subject: `Week ${weekNo(d)} teruggestuurd: pas je uren aan`,
    lines: [
      `${str(d, 'by')} heeft je uren van week ${weekNo(d)} (${day(d, 'from')} t/m ${day(d, 'to')}) teruggestuurd.`,
      ...quote(d, 'comment'),
      'Pas je uren aan; daarna kan de week opnieuw worden goedgekeurd.',
    ],
    action: 'Uren aanpassen',
  }),
  'leave.requested': (d) => ({
    subject: `Verlofaanvraag van ${str(d, 'employee')}: ${period(d, 't/m')}`,
    lines: [
      `${str(d, 'employee')} vraagt ${str(d, 'type')} aan: ${period(d, 't/m')} (${str(d, 'hours')} uur).`,
      'Keur de aanvraag goed of wijs hem af.',
    ],
    action: 'Aanvraag bekijken',
  }),
  'leave.decided': (d) =>
    d.outcome === 'denied'
      ? {
          subject: `Verlof afgewezen: ${period(d, 't/m')}`,
          lines: [
            `Je aanvraag voor ${str(d, 'type')} op ${period(d, 't/m')} (${str(d, 'hours')} uur) is afgewezen.`,
            ...quote(d, 'reason'),
          ],
          action: 'Aanvraag bekijken',
        }
      : {
          subject: `Verlof goedgekeurd: ${period(d, 't/m')}`,
          lines: [
            `Je aanvraag voor ${str(d, 'type')} op ${period(d, 't/m')} (${str(d, 'hours')} uur) is goedgekeurd.`,
            ...quote(d, 'reason'),
          ],
          action: 'Aanvraag bekijken',
        },
};

const en: Record<NotificationKind, (d: Data) => Texts> = {
  'post.published': (d) => ({
    subject: `New post: ${str(d, 'title')}`,
    lines: ['A new post is waiting for you.'],
    action: 'Read the post',
  }),
  'request.received': (d) =>
    d.reorder
      ? {
          subject: `Reorder: ${str(d, 'title')}`,
          lines: [`${str(d, 'company')} orders again: ${str(d, 'title')}.`, 'The order is in progress.'],
          action: 'View the order',
        }
      : {
          subject: `New product request: ${str(d, 'title')}`,
          lines: [`${str(d, 'company')} requested a product: ${str(d, 'title')}.`, 'Approve or decline the request.'],
          action: 'View the request',
        },
  'request.decided': (d) =>
    d.outcome === 'approved'
      ? {
          subject: `Request approved: ${str(d, 'title')}`,
          lines: [`Your product request "${str(d, 'title')}" was approved. We are starting on the design.`],
          action: 'View the order',
        }
      : {
          subject: `Request declined: ${str(d, 'title')}`,
          lines: [`Your product request "${str(d, 'title')}" was declined.`, ...quote(d, 'reason')],
          action: 'View the request',
        },
  'design.sent': (d) => ({
    subject: `Design for approval: ${str(d, 'title')}`,
    lines: [
      `Version ${str(d, 'versionNumber')} of the design for "${str(d, 'title')}" is ready.`,
      'Approve the design or tell us what should change.',
    ],
    action: 'View the design',
  }),
  'design.decided': (d) =>
    d.outcome === 'approved'
      ? {
          subject: `Design approved: ${str(d, 'title')}`,
          lines: [`${str(d, 'company')} approved version ${str(d, 'versionNumber')} of "${str(d, 'title')}".`],
          action: 'View the order',
        }
      : {
          subject: `Changes requested: ${str(d, 'title')}`,
          lines: [
            `${str(d, 'company')} asks for changes to version ${str(d, 'versionNumber')} of "${str(d, 'title')}".`,
            ...quote(d, 'comment'),
          ],
          action: 'View the changes',
        },
  'design.vote': (d) => ({
    subject: `Design partly approved: ${str(d, 'title')}`,
    lines: [
      `${str(d, 'by')} (${str(d, 'company')}) approved design v${str(d, 'versionNumber')} of "${str(d, 'title')}"; still waiting for ${str(d, 'waiting')}.`,
    ],
    action: 'View the order',
  }),
  'order.info_requested': (d) =>
    d.followUp
      ? {
          subject: `Follow-up question about: ${str(d, 'title')}`,
          lines: [`${str(d, 'company')} asks a follow-up question about "${str(d, 'title')}".`, ...quote(d, 'comment')],
          action: 'View the order',
        }
      : {
          subject: `Question about: ${str(d, 'title')}`,
          lines: [`${str(d, 'company')} asks for more information about "${str(d, 'title')}".`, ...quote(d, 'comment')],
          action: 'View the order',
        },
  'order.info_answered': (d) => ({
    subject: `Answer to your question: ${str(d, 'title')}`,
    lines: [`We answered your question about "${str(d, 'title')}".`, ...quote(d, 'comment')],
    action: 'View the answer',
  }),
  'order.completed': (d) => ({
    subject: `Order completed: ${str(d, 'title')}`,
    lines: [`Your order "${str(d, 'title')}" is complete. The final files are ready.`],
    action: 'Download the files',
  }),
  'drawing.version_ready': (d) => ({
    subject: `Drawing for approval: ${str(d, 'name')}`,
    lines: [
      `Version ${str(d, 'versionNumber')} of the drawing "${str(d, 'name')}" (${str(d, 'project')}) is ready.`,
      'Review the drawing and approve it or ask for changes.',
    ],
    action: 'View the drawing',
  }),
  'drawing.comment': (d) => ({
    subject: `New comment on ${str(d, 'name')}`,
    lines: [`${str(d, 'author')} commented on version ${str(d, 'versionNumber')} of "${str(d, 'name')}".`, ...quote(d, 'body')],
    action: 'View the comment',
  }),
  'drawing.decided': (d) =>
    d.outcome === 'approved'
      ? {
          subject: `Drawing approved: ${str(d, 'name')}`,
          lines: [`${str(d, 'by')} approved version ${str(d, 'versionNumber')} of "${str(d, 'name')}".`],
          action: 'View the drawing',
        }
      : {
          subject: `Changes requested: ${str(d, 'name')}`,
          lines: [
            `${str(d, 'by')} asks for changes to version ${str(d, 'versionNumber')} of "${str(d, 'name')}".`,
            ...quote(d, 'body'),
          ],
          action: 'View the drawing',
        },
  'drawing.partially_approved': (d) => ({
    subject: `Partly approved: ${str(d, 'name')}`,
    lines: [
      `${str(d, 'by')} approved version ${str(d, 'versionNumber')} of "${str(d, 'name')}"; still waiting for ${names(d, 'waitingFor', 'en')}.`,
    ],
    action: 'View the drawing',
  }),
  'declaration.decided': (d) =>
    d.outcome === 'rejected'
      ? {
          subject: `Expense claim rejected: ${str(d, 'description')}`,
          lines: [
            `Your expense claim "${str(d, 'description')}" of ${day(d, 'date')} (${str(d, 'amount')}) was rejected.`,
            ...quote(d, 'reason'),
          ],
          action: 'View the claim',
        }
      : d.outcome === 'paid'
        ? {
            subject: `Expense claim paid: ${str(d, 'description')}`,
            lines: [`Your expense claim "${str(d, 'description')}" of ${day(d, 'date')} (${str(d, 'amount')}) was paid.`],
            action: 'View the claim',
          }
        : {
            subject: `Expense claim approved: ${str(d, 'description')}`,
            lines: [`Your expense claim "${str(d, 'description')}" of ${day(d, 'date')} (${str(d, 'amount')}) was approved.`],
            action: 'View the claim',
          },
  'overnight.decided': (d) =>
    d.outcome === 'rejected'
      ? {
          subject: `Overnight stay rejected: ${str(d, 'location')}`,
          lines: [
            `Your overnight stay in ${str(d, 'location')} from ${day(d, 'date')} (${str(d, 'project')}) was rejected.`,
            ...quote(d, 'reason'),
          ],
          action: 'View overnight stays',
        }
      : {
          subject: `Overnight stay approved: ${str(d, 'location')}`,
          lines: [`Your overnight stay in ${str(d, 'location')} from ${day(d, 'date')} (${str(d, 'project')}) was approved.`],
          action: 'View overnight stays',
        },
  'timesheet.approved': (d) => ({
    subject: `Week ${weekNo(d)} approved`,
    lines: [
      `${str(d, 'by')} approved your hours of week ${weekNo(d)} (${day(d, 'from')} to ${day(d, 'to')}, ${str(d, 'hours')} hours).`,
      'The hours of this week are now fixed.',
    ],
    action: 'View hours',
  }),
  'timesheet.returned': (d) => ({
    subject: `Week ${weekNo(d)} sent back: correct your hours`,
    lines: [
      `${str(d, 'by')} sent your hours of week ${weekNo(d)} (${day(d, 'from')} to ${day(d, 'to')}) back.`,
      ...quote(d, 'comment'),
      'Correct your hours; the week can then be approved again.',
    ],
    action: 'Correct hours',
  }),
  'leave.requested': (d) => ({
    subject: `Leave request from ${str(d, 'employee')}: ${period(d, 'to')}`,
    lines: [
      `${str(d, 'employee')} requests ${str(d, 'type')}: ${period(d, 'to')} (${str(d, 'hours')} hours).`,
      'Approve or deny the request.',
    ],
    action: 'View the request',
  }),
  'leave.decided': (d) =>
    d.outcome === 'denied'
      ? {
          subject: `Leave denied: ${period(d, 'to')}`,
          lines: [
            `Your request for ${str(d, 'type')} on ${period(d, 'to')} (${str(d, 'hours')} hours) was denied.`,
            ...quote(d, 'reason'),
          ],
          action: 'View the request',
        }
      : {
          subject: `Leave approved: ${period(d, 'to')}`,
          lines: [
            `Your request for ${str(d, 'type')} on ${period(d, 'to')} (${str(d, 'hours')} hours) was approved.`,
            ...quote(d, 'reason'),
          ],
          action: 'View the request',
        },
};

/** The mail for one notification, in the recipient's language; `url` is where its button leads. */
export function notificationMail(who: Who, kind: NotificationKind, data: Data, url: string): MailMessage {
  const t = (who.locale === 'en' ? en : nl)[kind](data);
  const hello = who.locale === 'en' ? `Hello ${headerSafe(who.firstName)},` : `Hallo ${headerSafe(who.firstName)},`;
  return message(who.email, t.subject, [hello, ...t.lines], { label: t.action, url });
}

/** One waiting approval in a reminder. */
export interface WaitingItem {
  title: string;
  days: number;
  link: string;
  /** The due date (YYYY-MM-DD), when staff set one. */
  dueDate?: string | null;
  /** Past its due date (on the Amsterdam day): named first, marked overdue. */
  overdue?: boolean;
}

/** The daily reminder of approvals that wait longer than the configured number of days. */
export function reminderMail(who: Who, items: readonly WaitingItem[], appUrl: string, locale: Locale = who.locale): MailMessage {
  const en = locale === 'en';
  const dmy = (d: string) => d.split('-').reverse().join('-');
  // Overdue items first, each marked with its due date; the rest in the order they came.
  const ordered = [...items.filter((i) => i.overdue), ...items.filter((i) => !i.overdue)];
  const lines = ordered.map((i) => {
    const url = `(${appUrl}${i.link})`;
    const wait = en ? `waiting ${i.days} days` : `wacht al ${i.days} dagen`;
    if (i.overdue && i.dueDate) {
      return en
        ? `OVERDUE (due ${dmy(i.dueDate)}): ${i.title}: ${wait} ${url}`
        : `TE LAAT (uiterlijk ${dmy(i.dueDate)}): ${i.title}: ${wait} ${url}`;
    }
    const due = i.dueDate ? (en ? `, due ${dmy(i.dueDate)}` : `, uiterlijk ${dmy(i.dueDate)}`) : '';
    return `${i.title}: ${wait}${due} ${url}`;
  });
  return message(
    who.email,
    en ? `${items.length} approval(s) waiting for you` : `${items.length} goedkeuring(en) wachten op je`,
    [
      en ? `Hello ${headerSafe(who.firstName)},` : `Hallo ${headerSafe(who.firstName)},`,
      en ? 'These are still waiting for your decision:' : 'Deze wachten nog op je besluit:',
      ...lines,
    ],
    { label: en ? 'Open the app' : 'App openen', url: appUrl },
  );
}
