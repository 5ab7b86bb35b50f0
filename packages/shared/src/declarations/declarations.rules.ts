// No zod here: rules only, shared by the server (which enforces them) and the web app (which explains them).
import { type Abilities, firstDenied, toAbilities, type Verdict, type Viewer } from '../platform/abilities';
import { isOwnRecord, partVerdict } from '../users/people.rules';

/**
 * A declaration (an expense claim): submitted -> approved | rejected (with a reason); approved ->
 * paid. Each decision happens once, by someone with the hours rights, never on one's own claim.
 */
export const DECLARATION_STATUSES = ['submitted', 'approved', 'rejected', 'paid'] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

export const DECLARATION_ABILITIES = ['canEdit', 'canDelete', 'canApprove', 'canReject', 'canPay'] as const;
export type DeclarationAbilities = Abilities<(typeof DECLARATION_ABILITIES)[number]>;

/** The largest amount of one declaration, in cents (one million euros). */
export const MAX_DECLARATION_CENTS = 100_000_000;

/** Own record or the hours rights: the person themselves, or someone who handles everyone's declarations. */
export function ownOrHours(viewer: Viewer, employeeId: number): Verdict {
  return isOwnRecord(viewer, employeeId) ? true : partVerdict(viewer, 'hours');
}

/** A decision: the hours rights, and never on one's own record. */
export function decideVerdict(viewer: Viewer, employeeId: number): Verdict {
  return firstDenied(partVerdict(viewer, 'hours'), () => (isOwnRecord(viewer, employeeId) ? 'FORBIDDEN' : true));
}

/** Still open for changes (and for removal): only while submitted. */
export function declarationEditableVerdict(status: DeclarationStatus): Verdict {
  return status === 'submitted' ? true : 'DECLARATION_NOT_EDITABLE';
}

/** Approve or reject: only while submitted (decided once). */
export function declarationDecisionVerdict(status: DeclarationStatus): Verdict {
  return status === 'submitted' ? true : 'DECLARATION_ALREADY_DECIDED';
}

/** Mark as paid: only once approved. */
export function declarationPayVerdict(status: DeclarationStatus): Verdict {
  if (status === 'approved') return true;
  return status === 'paid' ? 'DECLARATION_ALREADY_DECIDED' : 'DECLARATION_NOT_APPROVED';
}

/** What the viewer may do with one declaration: the rights first, then its state. */
export function declarationAbilities(d: { employeeId: number; status: DeclarationStatus }, viewer: Viewer): DeclarationAbilities {
  const mine = ownOrHours(viewer, d.employeeId);
  const decide = decideVerdict(viewer, d.employeeId);
  return toAbilities({
    canEdit: firstDenied(mine, () => declarationEditableVerdict(d.status)),
    canDelete: firstDenied(mine, () => declarationEditableVerdict(d.status)),
    canApprove: firstDenied(decide, () => declarationDecisionVerdict(d.status)),
    canReject: firstDenied(decide, () => declarationDecisionVerdict(d.status)),
    canPay: firstDenied(decide, () => declarationPayVerdict(d.status)),
  });
}

/** A settings entry (a category or a payment type): hours rights edit; a used one cannot be deleted (deactivate it). */
export const DECLARATION_OPTION_ABILITIES = ['canEdit', 'canDelete'] as const;
export type DeclarationOptionAbilities = Abilities<(typeof DECLARATION_OPTION_ABILITIES)[number]>;

export function declarationOptionAbilities(o: { inUse: boolean }, viewer: Viewer): DeclarationOptionAbilities {
  const manage = partVerdict(viewer, 'hours');
  return toAbilities({
    canEdit: manage,
    canDelete: firstDenied(manage, () => (o.inUse ? 'REFERENCE_IN_USE' : true)),
  });
}

// ---- money: stored in cents, shown in euros with Dutch formatting in both languages

const EUROS = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const PLAIN = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1250 -> "€ 12,50"; 123456 -> "€ 1.234,56" (Dutch formatting, whatever the reader's language). */
export function formatCents(cents: number): string {
  // Intl puts a no-break space after the sign: a plain one reads and copies the same everywhere.
  return EUROS.format(cents / 100).replace(/\u00a0/g, ' ');
}

/** 1250 -> "12,50": what an amount field shows for editing. */
export function centsToInput(cents: number): string {
  return PLAIN.format(cents / 100).replace(/\./g, '');
}

/**
 * An amount typed in euros to cents, or null when it is not one: "12,50", "12.50", "12", "€ 12,5",
 * "1.234,56", "1,234.56" and "1.234" (Dutch thousands) are read; more than two decimals, letters or
 * a minus are not. The last separator followed by one or two digits is the decimal one.
 */
export function parseEuros(text: string): number | null {
  const s = text
    .replace(/[\s\u00a0]/g, '')
    .replace(/^€/, '')
    .replace(/€$/, '');
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const last = Math.max(s.lastIndexOf(','), s.lastIndexOf('.'));
  let whole = s;
  let fraction = '';
  if (last >= 0 && s.length - last - 1 <= 2 && s.length - last - 1 >= 1) {
    whole = s.slice(0, last);
    fraction = s.slice(last + 1);
  } else if (last === s.length - 1) {
    return null;
  }
  // What is left of the separators groups thousands: one kind, groups of three.
  if (/[.,]/.test(whole)) {
    const sep = whole.includes('.') ? '.' : ',';
    if (whole.includes(sep === '.' ? ',' : '.')) return null;
    // A comma groups thousands only before a decimal point ("1,234.56"); "12,503" is a Dutch decimal with too many digits.
    if (sep === ',' && s[last] !== '.') return null;
    const groups = whole.split(sep);
    if (!/^\d{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null;
    whole = groups.join('');
  }
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
