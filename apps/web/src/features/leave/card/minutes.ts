import { formatMinutes } from '@app/shared/hours/schedules.rules';

/** A line's effect on the balance: "+8:00", "-4:30", "0:00". */
export const signedMinutes = (minutes: number): string => (minutes > 0 ? `+${formatMinutes(minutes)}` : formatMinutes(minutes));

const SIGN = /^([+\-\u2212])?\s*/;

/**
 * Reads a correction's hours as a person types them, with an optional sign: "-4:00", "+8", "2,5",
 * "-1.25", "40:00". Null when it is not one (or zero); at most 1000 hours either way.
 */
export function parseSignedDuration(text: string): number | null {
  const s = text.trim();
  const sign = SIGN.exec(s)?.[1];
  const rest = s.replace(SIGN, '');
  let minutes: number;
  const hm = /^(\d{1,4}):([0-5]\d)$/.exec(rest);
  if (hm) minutes = Number(hm[1]) * 60 + Number(hm[2]);
  else if (/^\d{1,4}([.,]\d{1,2})?$/.test(rest)) minutes = Math.round(Number(rest.replace(',', '.')) * 60);
  else return null;
  if (minutes === 0 || minutes > 60000) return null;
  return sign === '-' || sign === '\u2212' ? -minutes : minutes;
}

/** Reads a number of days with an optional sign and at most two decimals: "1,5", "-2", "+0.5". Null when not one (or zero). */
export function parseSignedDays(text: string): number | null {
  const s = text.trim();
  const sign = SIGN.exec(s)?.[1];
  const rest = s.replace(SIGN, '');
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(rest)) return null;
  const days = Number(rest.replace(',', '.'));
  if (days === 0 || days > 250) return null;
  return sign === '-' || sign === '\u2212' ? -days : days;
}

/** 1.5 -> "1,5" in Dutch, "1.5" in English. */
export const formatDays = (days: number, locale: string): string =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'nl-NL', { maximumFractionDigits: 2 }).format(days);
