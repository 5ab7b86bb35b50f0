// CSV for exports that Dutch Excel opens with a double click: UTF-8 with a byte-order mark, ';'
// between fields and ',' as the decimal mark, CRLF line ends, fields quoted as RFC 4180 says.
// Text that a spreadsheet would run as a formula (= + - @, and a leading tab or CR) gets a
// leading apostrophe (OWASP "CSV injection"); numbers are written as numbers.

export type CsvCell = string | number | null | undefined;

export const CSV_MIME = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';
const SEPARATOR = ';';

/** A number with a decimal comma and no thousands separator: 2.5 → "2,5". */
export function csvNumber(n: number): string {
  return Number.isFinite(n) ? String(n).replace('.', ',') : '';
}

/** One text field: neutralised when it starts like a formula, quoted when it must be. */
export function csvText(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[";\r\n,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function writeCsv(rows: CsvCell[][]): Buffer {
  const text = rows
    .map((row) =>
      row.map((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? csvNumber(v) : csvText(v))).join(SEPARATOR),
    )
    .join('\r\n');
  return Buffer.from(`${BOM}${text}\r\n`, 'utf8');
}
