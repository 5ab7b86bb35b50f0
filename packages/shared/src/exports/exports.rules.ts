// No zod here: the payroll exports' pure rules, shared by the server (which writes the
// files) and the web app (the period presets): the period, the file name, the number and date
// formats, and the rows with a total after each person and a grand total at the end.
import type { Locale } from '../platform/locale';

type Kind = 'hours' | 'overnights';
type Format = 'xlsx' | 'csv';

/** The period may end at most this many days after it starts: a (leap) year and a day. */
export const MAX_EXPORT_DAYS = 366;

const dayNumber = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Days from `from` to `to` (0 when the same day; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** What is wrong with a period (both days included), or null: the codes the form and the server show under `to`. */
export function periodProblem(from: string, to: string): 'end_before_start' | 'span_too_long' | null {
  const days = daysBetween(from, to);
  if (Number.isNaN(days)) return null;
  if (days < 0) return 'end_before_start';
  if (days > MAX_EXPORT_DAYS) return 'span_too_long';
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The month before the one `today` (YYYY-MM-DD) is in: the default period of an export. */
export function lastMonth(today: string): { from: string; to: string } {
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7)) - 1;
  if (m === 0) {
    y -= 1;
    m = 12;
  }
  return { from: iso(y, m, 1), to: iso(y, m, lastDay(y, m)) };
}

/** The month `today` is in, from its first to its last day. */
export function thisMonth(today: string): { from: string; to: string } {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return { from: iso(y, m, 1), to: iso(y, m, lastDay(y, m)) };
}

const FILE_PREFIX: Record<Kind, Record<Locale, string>> = {
  hours: { nl: 'uren', en: 'hours' },
  overnights: { nl: 'overnachtingen', en: 'overnight-stays' },
};

/** The download's name: `uren-2026-10-01-2026-10-31.xlsx`, `hours-…` in English. Only [a-z0-9.-]. */
export function exportFileName(kind: Kind, format: Format, from: string, to: string, locale: Locale): string {
  return `${FILE_PREFIX[kind][locale]}-${from}-${to}.${format}`;
}

/** `2026-10-05` as payroll reads it: `05-10-2026` (both languages, R3). */
export function exportDate(date: string): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

/** Minutes as hours, rounded to two decimals (the CSV's figure): 20 → 0.33, 450 → 7.5. */
export function hoursOf(minutes: number): number {
  return Math.round((minutes * 100) / 60) / 100;
}

/** A number with exactly `decimals` decimals and no thousands separator: a decimal comma in Dutch, a dot in English. */
export function decimalText(n: number, locale: Locale, decimals = 2): string {
  const text = n.toFixed(decimals);
  return locale === 'nl' ? text.replace('.', ',') : text;
}

/** The CSV's field separator: Dutch Excel splits on ';' (its list separator, as ',' is its decimal mark). */
export function csvSeparator(locale: Locale): string {
  return locale === 'nl' ? ';' : ',';
}

/** A person as the export names them. */
export interface ExportPerson {
  employeeId: number;
  name: string;
  exactId: string;
}

/** One line of an export: a record, the total after each person's records, the grand total at the end. */
export type ExportLine<R> =
  | { type: 'row'; row: R }
  | { type: 'personTotal'; person: ExportPerson; amount: number; count: number }
  | { type: 'grandTotal'; amount: number; count: number };

/**
 * Turns records that arrive ordered by person into the export's lines: each record, a total
 * after the last record of each person, and the grand total at `end()`. It keeps only the
 * running sums, so an export of any length is built batch by batch in constant memory. Amounts
 * are summed as given (minutes, nights): the total is exact, never a sum of rounded figures.
 */
export class ExportTotals<R> {
  private person: ExportPerson | null = null;
  private personAmount = 0;
  private personCount = 0;
  private grandAmount = 0;
  private grandCount = 0;

  constructor(
    private readonly personOf: (row: R) => ExportPerson,
    /** What the row adds to the totals (0 for a row that counts for nothing, e.g. a rejected stay). */
    private readonly amountOf: (row: R) => number,
  ) {}

  /** The lines for one record: the previous person's total first when the person changes. */
  push(row: R): ExportLine<R>[] {
    const person = this.personOf(row);
    const out: ExportLine<R>[] = [];
    if (this.person && this.person.employeeId !== person.employeeId) out.push(this.closePerson());
    if (!this.person) this.person = person;
    const amount = this.amountOf(row);
    this.personAmount += amount;
    this.personCount += 1;
    this.grandAmount += amount;
    this.grandCount += 1;
    out.push({ type: 'row', row });
    return out;
  }

  /** The last person's total and the grand total (only the grand total when there were no records). */
  end(): ExportLine<R>[] {
    const out: ExportLine<R>[] = this.person ? [this.closePerson()] : [];
    out.push({ type: 'grandTotal', amount: this.grandAmount, count: this.grandCount });
    return out;
  }

  private closePerson(): ExportLine<R> {
    const line: ExportLine<R> = {
      type: 'personTotal',
      person: this.person as ExportPerson,
      amount: this.personAmount,
      count: this.personCount,
    };
    this.person = null;
    this.personAmount = 0;
    this.personCount = 0;
    return line;
  }
}
