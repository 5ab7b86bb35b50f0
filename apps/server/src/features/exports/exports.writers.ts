import type { Writable } from 'node:stream';
import type { ExportFormat } from '@app/shared/people/exports';
import { csvSeparator, decimalText, exportDate } from '@app/shared/people/exports.rules';
import type { Locale } from '@app/shared/platform/locale';
import ExcelJS from 'exceljs';
import { CSV_MIME, csvText } from '../../platform/csv';
import { XLSX_MIME } from '../../platform/xlsx';

// The two file formats of the payroll exports, written row by row into a stream (the storage
// reads it as it comes), so an export of any length takes the same memory.
// XLSX: exceljs' streaming WorkbookWriter, each row committed as it is written; real numbers and
//   dates (cell types with the formats 0.00 and dd-mm-yyyy), a bold and frozen header row, widths.
// CSV: UTF-8 with a byte-order mark, CRLF, RFC 4180 quoting; Dutch ';' and a decimal comma, English
//   ',' and a dot; dates dd-mm-yyyy; text that a spreadsheet would run as a formula starts with '.

export type ColumnType = 'text' | 'date' | 'decimal' | 'integer';

export interface Column {
  header: string;
  /** In characters. */
  width: number;
  type: ColumnType;
}

/** A date column's cell is `YYYY-MM-DD`; a number column's a number; empty is null. */
export type Cell = string | number | null;

export interface SheetWriter {
  /** Writes one row (bold: a total). Waits when the reader is behind. */
  row(cells: readonly Cell[], opts?: { bold?: boolean }): Promise<void>;
  /** Writes what is left and ends the stream. */
  finish(): Promise<void>;
}

export const EXPORT_MIME: Record<ExportFormat, string> = { xlsx: XLSX_MIME, csv: CSV_MIME };

const NUM_FMT: Record<ColumnType, string | undefined> = {
  text: undefined,
  date: 'dd-mm-yyyy',
  decimal: '0.00',
  integer: '0',
};

/** `YYYY-MM-DD` as the UTC midnight Excel stores as a whole day number. */
const excelDate = (d: string) => new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))));

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
  format: ExportFormat,
  o: { locale: Locale; sheetName: string; columns: readonly Column[]; out: Writable },
): SheetWriter {
  return format === 'xlsx' ? xlsxWriter(o) : csvWriter(o);
}

function xlsxWriter(o: { sheetName: string; columns: readonly Column[]; out: Writable }): SheetWriter {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: o.out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(o.sheetName, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  ws.columns = o.columns.map((c) => ({ width: c.width }));
  const header = ws.addRow(o.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let written = 0;
  return {
    async row(cells, opts = {}) {
      const row = ws.addRow(
        cells.map((v, i) => (v !== null && o.columns[i]?.type === 'date' && typeof v === 'string' ? excelDate(v) : v)),
      );
      o.columns.forEach((c, i) => {
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
    if (typeof v === 'number') return type === 'decimal' ? decimalText(v, o.locale) : String(v);
    return type === 'date' ? exportDate(v) : csvText(v);
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
