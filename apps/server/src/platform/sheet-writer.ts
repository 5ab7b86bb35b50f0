import type { Writable } from 'node:stream';
import { csvSeparator, decimalText, exportDate } from '@app/shared/exports/exports.rules';
import type { Locale } from '@app/shared/platform/locale';
import ExcelJS from 'exceljs';

// The two file formats of the exports (the payroll exports, every list's export and the project's
// articles), written row by row into a stream (the storage or the response reads it as it comes),
// so an export of any length takes the same memory.
// XLSX: exceljs' streaming WorkbookWriter, each row committed as it is written; real numbers and
//   dates (cell types with the formats 0.00, dd-mm-yyyy and dd-mm-yyyy hh:mm), a bold and frozen
//   header row, widths.
// CSV: UTF-8 with a byte-order mark, CRLF, RFC 4180 quoting; Dutch ';' and a decimal comma, English
//   ',' and a dot; dates dd-mm-yyyy (both languages, R3), times hh:mm on the clock in
//   Europe/Amsterdam; text that a spreadsheet would run as a formula starts with '.

export type SheetFormat = 'xlsx' | 'csv';
/** `decimal` has two decimals; `number` is written as exact as it is (a quantity: 1.125). */
export type ColumnType = 'text' | 'date' | 'datetime' | 'decimal' | 'integer' | 'number';

export interface Column {
  header: string;
  /** In characters. */
  width: number;
  type: ColumnType;
}

/**
 * A date column's cell is `YYYY-MM-DD`; a datetime column's an ISO instant (shown on the clock in
 * Europe/Amsterdam) or a wall-clock `YYYY-MM-DDTHH:mm` (shown as it is); a number column's a number;
 * empty is null.
 */
export type Cell = string | number | null;

export interface SheetWriter {
  /** Writes one row (bold: a total). Waits when the reader is behind. */
  row(cells: readonly Cell[], opts?: { bold?: boolean }): Promise<void>;
  /** XLSX only: ends the current sheet and starts the next one, with its own header row. */
  nextSheet(name: string, columns: readonly Column[]): Promise<void>;
  /** Writes what is left and ends the stream. */
  finish(): Promise<void>;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME = 'text/csv; charset=utf-8';
export const EXPORT_MIME: Record<SheetFormat, string> = { xlsx: XLSX_MIME, csv: CSV_MIME };

/**
 * One CSV text field: text a spreadsheet would run as a formula (= + - @, a leading tab or CR) gets
 * a leading apostrophe (OWASP "CSV injection"); quoted as RFC 4180 says when it must be.
 */
export function csvText(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[";\r\n,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const NUM_FMT: Record<ColumnType, string | undefined> = {
  text: undefined,
  date: 'dd-mm-yyyy',
  datetime: 'dd-mm-yyyy hh:mm',
  decimal: '0.00',
  integer: '0',
  number: undefined,
};

/** `YYYY-MM-DD` as the UTC midnight Excel stores as a whole day number. */
const excelDate = (d: string) => new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))));

const AMSTERDAM = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** A datetime cell as the wall clock in Amsterdam: `YYYY-MM-DDTHH:mm` (a value without a zone is taken as it is). */
export function wallClock(value: string): string {
  if (!/(Z|[+-]\d\d:?\d\d)$/.test(value)) return `${value.slice(0, 10)}T${value.slice(11, 16) || '00:00'}`;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const p = Object.fromEntries(AMSTERDAM.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A wall-clock `YYYY-MM-DDTHH:mm` as the UTC instant Excel stores as a day number with a fraction. */
const excelDateTime = (v: string) => {
  const w = wallClock(v);
  return new Date(
    Date.UTC(
      Number(w.slice(0, 4)),
      Number(w.slice(5, 7)) - 1,
      Number(w.slice(8, 10)),
      Number(w.slice(11, 13)),
      Number(w.slice(14, 16)),
    ),
  );
};

/** Waits until the stream has room again (the storage is reading), or it ends. */
async function drained(out: Writable): Promise<void> {
  // archiver's streams come from readable-stream 2, which has no writableNeedDrain: its state says it.
  const needDrain =
    out.writableNeedDrain ?? (out as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain;
  if (!needDrain || out.destroyed) return;
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', fail);
      resolve();
    };
    const fail = (err: Error) => {
      out.off('drain', done);
      out.off('close', done);
      reject(err);
    };
    out.once('drain', done);
    out.once('close', done);
    out.once('error', fail);
  });
}

/**
 * exceljs writes a sheet's XML into its own buffer and on into the zip without waiting for the
 * zip's deflate to keep up: left alone, a long export would pile its XML up in memory (60 MB for
 * 130,000 rows). So the writer waits, every so many rows, until the zip entry the sheet pipes into
 * has room again (and, before the zip has reached the sheet, until it has).
 */
async function zipCaughtUp(ws: ExcelJS.Worksheet): Promise<void> {
  // Not in exceljs' types: the sheet's StreamBuf and the streams it writes to.
  const sheet = (ws as unknown as { stream: { pipes?: Writable[]; buffers?: unknown[] } }).stream;
  for (;;) {
    const pipe = sheet.pipes?.[0];
    if (pipe) return drained(pipe);
    if ((sheet.buffers?.length ?? 0) < 4) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export function openSheetWriter(
  format: SheetFormat,
  o: { locale: Locale; sheetName: string; columns: readonly Column[]; out: Writable },
): SheetWriter {
  return format === 'xlsx' ? xlsxWriter(o) : csvWriter(o);
}

function xlsxWriter(o: { sheetName: string; columns: readonly Column[]; out: Writable }): SheetWriter {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: o.out, useStyles: true, useSharedStrings: false });
  let columns = o.columns;
  const addSheet = (name: string) => {
    const sheet = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
    sheet.columns = columns.map((c) => ({ width: c.width }));
    const header = sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    return sheet;
  };
  let ws = addSheet(o.sheetName);
  let written = 0;
  return {
    async nextSheet(name, next) {
      ws.commit();
      columns = next;
      ws = addSheet(name);
    },
    async row(cells, opts = {}) {
      const row = ws.addRow(
        cells.map((v, i) => {
          if (v === null || typeof v !== 'string') return v;
          const type = columns[i]?.type;
          return type === 'date' ? excelDate(v) : type === 'datetime' ? excelDateTime(v) : v;
        }),
      );
      columns.forEach((c, i) => {
        const fmt = NUM_FMT[c.type];
        if (fmt && cells[i] !== null) row.getCell(i + 1).numFmt = fmt;
      });
      if (opts.bold) row.font = { bold: true };
      row.commit();
      // exceljs writes without waiting: every so many rows, let the zip and the storage catch up.
      if (++written % 100 === 0) {
        await zipCaughtUp(ws);
        await drained(o.out);
      }
    },
    async finish() {
      ws.commit();
      await wb.commit();
    },
  };
}

function csvWriter(o: { locale: Locale; columns: readonly Column[]; out: Writable }): SheetWriter {
  const sep = csvSeparator(o.locale);
  const text = (v: Cell, type: ColumnType | undefined): string => {
    if (v === null) return '';
    if (typeof v === 'number') {
      if (type === 'decimal') return decimalText(v, o.locale);
      return type === 'number' && o.locale === 'nl' ? String(v).replace('.', ',') : String(v);
    }
    if (type === 'date') return exportDate(v);
    if (type === 'datetime') {
      const w = wallClock(v);
      return `${exportDate(w)} ${w.slice(11, 16)}`;
    }
    return csvText(v);
  };
  const line = (cells: readonly Cell[]) => `${cells.map((v, i) => text(v, o.columns[i]?.type)).join(sep)}\r\n`;
  let buffer = `\uFEFF${o.columns.map((c) => csvText(c.header)).join(sep)}\r\n`;
  const flush = async () => {
    if (!buffer) return;
    const chunk = buffer;
    buffer = '';
    if (!o.out.write(chunk, 'utf8')) await drained(o.out);
  };
  return {
    async nextSheet() {
      throw new Error('a CSV file holds one sheet');
    },
    async row(cells) {
      buffer += line(cells);
      if (buffer.length > 64 * 1024) await flush();
    },
    async finish() {
      await flush();
      o.out.end();
    },
  };
}
