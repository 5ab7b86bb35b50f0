/**
 * Dates and times as people here type them (docs: Dutch date conventions): a day is shown and typed
 * `dd-mm-jjjj` in both languages, a time of day `uu:mm` on a 24-hour clock. The forms and the API keep
 * `YYYY-MM-DD` and `HH:mm`; these functions translate between the two, strictly, so a half-typed
 * value is never taken for a date.
 */
import { isCalendarDate } from '@app/shared/platform/iso-week';

const DUTCH_DAY = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `dd-mm-jjjj` (also with / or . and single digits) or `YYYY-MM-DD` to `YYYY-MM-DD`; null when it is not a real day. */
export function parseDay(text: string): string | null {
  const s = text.trim();
  let iso: string | null = null;
  const nl = DUTCH_DAY.exec(s);
  if (nl) iso = `${nl[3]}-${(nl[2] as string).padStart(2, '0')}-${(nl[1] as string).padStart(2, '0')}`;
  else if (ISO_DAY.test(s)) iso = s;
  return iso && isCalendarDate(iso) ? iso : null;
}

/** `YYYY-MM-DD` to `dd-mm-jjjj`; anything else unchanged. */
export function formatDay(iso: string): string {
  const m = ISO_DAY.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

const TIME = /^(\d{1,2})(?:[:.h ]?(\d{2}))?$/;

/** `8`, `830`, `8:30`, `08.30`, `0830` to `08:30` (24-hour clock); null when it is no time of day. */
export function parseTime(text: string): string | null {
  const s = text.trim().toLowerCase();
  const m = TIME.exec(s);
  if (!m) return null;
  const hours = m[1] as string;
  const minutes = m[2] ?? '00';
  const h = Number(hours);
  const min = Number(minutes);
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}
