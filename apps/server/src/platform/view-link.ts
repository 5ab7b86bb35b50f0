import { createHmac } from 'node:crypto';
import type { Actor } from './actor';
import { safeEqual } from './crypto';

/**
 * Links that carry the acting view (docs/decisions.md, "Images and downloads while acting").
 *
 * An employee acting as a company sends the Acting-As header with every API call, but an `<img>`
 * or a download link cannot: without more, the browser would fetch the image as the employee,
 * with staff reach. So every image and file address in an answer given to the acting view gets a
 * `view` parameter: the company, an expiry and a signature keyed by the session's CSRF secret.
 * The media and file routes take a valid `view` as the Acting-As header: the file is served only
 * when the company may see it. The link works only in the session that received it (another
 * session's key does not match), on any process (the key is in the session row), and for at most
 * VIEW_LINK_HOURS.
 */
export const VIEW_LINK_HOURS = 12;
const HOUR_MS = 3_600_000;

/** The addresses that get the parameter: an image variant or a stored file, nothing else. */
const LINKED = /^\/api\/(?:media\/\d+\/(?:thumb|large|original)|files\/\d+)$/;

function signature(key: string, companyId: number, expires: number): string {
  return createHmac('sha256', key).update(`view.${companyId}.${expires}`).digest('base64url').slice(0, 22);
}

/**
 * The `view` value for a company in a session. The expiry is rounded up to the hour so that the
 * same image keeps the same address for an hour (the browser's cache still works).
 */
export function viewToken(key: string, companyId: number, now: Date): string {
  const expires = Math.ceil((now.getTime() + VIEW_LINK_HOURS * HOUR_MS) / HOUR_MS) * (HOUR_MS / 1000);
  return `${companyId}.${expires}.${signature(key, companyId, expires)}`;
}

/** The company a `view` value names, read before the session is loaded; null when malformed. */
export function viewTokenCompany(raw: unknown): number | null {
  if (typeof raw !== 'string') return null;
  const m = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{22})$/.exec(raw);
  if (!m) return null;
  const id = Number(m[1]);
  return id <= 2_147_483_647 ? id : null;
}

/** True when `raw` was minted with this key for this company and has not expired. */
export function verifyViewToken(raw: string, key: string, companyId: number, now: Date): boolean {
  const [company, expires, sig] = raw.split('.');
  if (Number(company) !== companyId || !expires || !sig) return false;
  if (Number(expires) * 1000 < now.getTime()) return false;
  return safeEqual(sig, signature(key, companyId, Number(expires)));
}

/**
 * The answer's value with every image and file address given the acting view's `view`
 * parameter. Other values are returned as they are (the same object when nothing changed).
 */
export function withViewLinks(value: unknown, token: string): unknown {
  if (typeof value === 'string') return LINKED.test(value) ? `${value}?view=${token}` : value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const w = withViewLinks(v, token);
      if (w !== v) changed = true;
      return w;
    });
    return changed ? out : value;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const w = withViewLinks(v, token);
      if (w !== v) changed = true;
      out[k] = w;
    }
    return changed ? out : value;
  }
  return value;
}

/** The company of an acting view, or null for anyone else (whose links stay as they are). */
export function actingCompanyOf(actor: Actor): number | null {
  return actor.kind === 'client' && actor.actingEmployee ? actor.companyId : null;
}
