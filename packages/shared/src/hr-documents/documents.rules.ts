// No zod here: rules only, shared by the server (which enforces them) and the web app (which shows them).
import { toAbilities, type Viewer } from '../platform/abilities';
import { addDays } from '../platform/iso-week';
import { EXPIRY_WARNING_DAYS, partVerdict } from '../users/people.rules';

/** What an HR document is: the type decides its label, nothing else. */
export const DOCUMENT_TYPES = ['identity', 'driving_licence', 'vca', 'certificate', 'work_permit', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A document's state against today: expired, expiring (within EXPIRY_WARNING_DAYS), valid, or none (no expiry date). */
export const EXPIRY_STATUSES = ['expired', 'expiring', 'valid', 'none'] as const;
export type ExpiryStatus = (typeof EXPIRY_STATUSES)[number];

/** A contract's state against today: upcoming, current, ending (within EXPIRY_WARNING_DAYS) or ended. */
export const CONTRACT_STATUSES = ['upcoming', 'current', 'ending', 'ended'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** The last day that still counts as "soon" seen from `today` (both `YYYY-MM-DD`). */
export function warningUntil(today: string): string {
  return addDays(today, EXPIRY_WARNING_DAYS);
}

/**
 * A document's expiry status on `today`: `expired` once the date has passed (the expiry day itself
 * is still valid), `expiring` up to EXPIRY_WARNING_DAYS ahead, `valid` after that, `none` without a date.
 */
export function expiryStatus(expiresOn: string | null, today: string): ExpiryStatus {
  if (expiresOn === null) return 'none';
  if (expiresOn < today) return 'expired';
  if (expiresOn <= warningUntil(today)) return 'expiring';
  return 'valid';
}

/**
 * A contract's status on `today`: `upcoming` before its first day, `ended` after its last day,
 * `ending` when its last day is within EXPIRY_WARNING_DAYS, else `current` (also when open-ended).
 */
export function contractStatus(c: { startsOn: string; endsOn: string | null }, today: string): ContractStatus {
  if (c.endsOn !== null && c.endsOn < today) return 'ended';
  if (c.startsOn > today) return 'upcoming';
  if (c.endsOn !== null && c.endsOn <= warningUntil(today)) return 'ending';
  return 'current';
}

/** True when a status asks for HR's attention (the employee's flag, the expiring list). */
export function needsAttention(status: ExpiryStatus | ContractStatus): boolean {
  return status === 'expired' || status === 'expiring' || status === 'ending' || status === 'ended';
}

/** Hours per week as minutes (38 -> 2280, 32.5 -> 1950): the contract form takes hours, the wire minutes. */
export function hoursToMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/** What the viewer may do with a document or contract (and whether they may add one): the part's rights, never one's own record alone. */
export function hrRecordAbilities(viewer: Viewer, part: 'documents' | 'contracts') {
  const manage = partVerdict(viewer, part);
  return toAbilities({ canEdit: manage, canDelete: manage });
}

/** May the viewer add a document or contract to someone's record. */
export function hrCreateAbilities(viewer: Viewer, part: 'documents' | 'contracts') {
  return toAbilities({ canCreate: partVerdict(viewer, part) });
}
