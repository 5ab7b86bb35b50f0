/** The steps a relative time is said in, from the smallest: how many seconds each holds, and up to where it is used. */
const STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number; below: number }[] = [
  { unit: 'second', seconds: 1, below: 45 },
  { unit: 'minute', seconds: 60, below: 45 * 60 },
  { unit: 'hour', seconds: 3600, below: 22 * 3600 },
  { unit: 'day', seconds: 86_400, below: 7 * 86_400 },
  { unit: 'week', seconds: 7 * 86_400, below: 30 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400, below: 365 * 86_400 },
  { unit: 'year', seconds: 365 * 86_400, below: Number.POSITIVE_INFINITY },
];

/**
 * "5 minuten geleden", "gisteren", "3 weeks ago": how long ago (or until) a moment is, in the
 * reader's language. Under 45 seconds it is "nu" / "now". The exact time goes in a title beside it.
 */
export function relativeTime(when: string | Date, now: Date, locale: string): string {
  const seconds = (new Date(when).getTime() - now.getTime()) / 1000;
  const abs = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (abs < 45) return rtf.format(0, 'second');
  const step = STEPS.find((s) => abs < s.below) ?? STEPS[STEPS.length - 1];
  if (!step) return '';
  return rtf.format(Math.round(seconds / step.seconds), step.unit);
}
