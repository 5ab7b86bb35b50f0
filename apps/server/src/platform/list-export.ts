import { PassThrough } from 'node:stream';
import { type ListExportFormat, withExportFormat } from '@app/shared/platform/list-export';
import type { Locale } from '@app/shared/platform/locale';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { Access } from './access';
import { contentDisposition } from './content-disposition';
import type { Ctx } from './context';
import {
  type Cell,
  type Column,
  type ColumnType,
  EXPORT_MIME,
  openSheetWriter,
  type SheetFormat,
  wallClock,
} from './sheet-writer';

// Every list's export: `GET <list>/export?format=csv|xlsx&<the list's own filters and sort>`
// reads the list through its own service call, page after page of EXPORT_PAGE rows, and writes each
// row into the response as it goes: the memory stays flat for 100,000 rows, the rows are exactly
// the list's (same scope, filters and order), and the headers are in the asker's language.
// docs/list-exports.md says how a list adds one. A download that is not one list (the project's
// articles: a sheet of totals and one per area) hands its sheets to `sendExport`, the same writer.

/** Rows asked of the list's service per call while exporting. */
export const EXPORT_PAGE = 1_000;

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Text = { nl: string; en: string };

export interface ExportColumn<Row> {
  /** The list's own column header, in both languages. */
  header: Text;
  type: ColumnType;
  /** In characters (XLSX); a default by type when left out. */
  width?: number;
  /** date: `YYYY-MM-DD`; datetime: an ISO instant; decimal and integer: a number; null: empty. */
  /** The asker's language is given for labels (a status, a kind). */
  value: (row: Row, locale: Locale) => string | number | null;
}

export interface ListExport<Q extends { page: number; perPage: number }, Row, P = Record<string, never>> {
  /** A static path beside the list route, e.g. '/api/products/export'. */
  path: string;
  /** The same access as the list route. */
  access: Access;
  /** The list's own query schema; `format` is added here. */
  query: z.ZodObject;
  /** The file's name without the date and extension: producten → producten-2026-11-21.xlsx (per path params when a function). */
  fileName: Text | ((params: P) => Text);
  sheetName?: Text | ((params: P) => Text);
  /** The columns (per path params when a function: an archive of types has a type group column). */
  columns: ExportColumn<Row>[] | ((params: P) => ExportColumn<Row>[]);
  /** The list's own service call for one page (page and perPage are set by the export). */
  page: (ctx: Ctx, q: Q, params: P) => Promise<{ rows: Row[]; total?: number }>;
  tags: string[];
  summary: string;
  /** Path parameters, when the list has them (a company's users): passed to `page` as its third argument. */
  params?: z.ZodObject;
}

const DEFAULT_WIDTH: Record<ColumnType, number> = { text: 24, date: 12, datetime: 17, decimal: 12, integer: 10, number: 12 };

function localeOf(ctx: Ctx): Locale {
  return ctx.actor.kind === 'anonymous' ? 'nl' : ctx.actor.locale;
}

/** Only [a-z0-9.-] in a file name: 'Bedrijven / gebruikers' → 'bedrijven-gebruikers'. */
const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'export';

/** One sheet of a download: its name (XLSX), its columns and its rows as they come. */
export interface ExportSheet {
  name: string;
  columns: readonly Column[];
  rows: AsyncIterable<readonly Cell[]> | Iterable<readonly Cell[]>;
}

/** A download: its file name, its format and its sheets (a CSV file holds the first one only). */
export interface ExportFile {
  fileName: string;
  format: SheetFormat;
  sheets: readonly ExportSheet[];
}

/**
 * Answers a CSV or XLSX attachment: the headers at once, then the rows streamed as the sheets yield
 * them (in the asker's language: `locale` words the CSV's separator and decimal mark). A client that
 * goes away stops the reading; a failure halfway cuts the download off (logged as `label`) rather
 * than ending it as if complete.
 */
export function sendExport(req: FastifyRequest, reply: FastifyReply, file: ExportFile, label: string): FastifyReply {
  const ctx = req.ctx;
  reply
    .header('content-type', EXPORT_MIME[file.format])
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (req.method === 'HEAD') return reply.send('');

  const out = new PassThrough();
  let gone = false;
  // The client went away (or the socket broke): stop reading.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) {
      gone = true;
      out.destroy();
    }
  });
  out.on('error', () => undefined);
  const sheets = file.format === 'csv' ? file.sheets.slice(0, 1) : file.sheets;
  const [first] = sheets;
  if (!first) throw new Error('an export needs a sheet');
  const writer = openSheetWriter(file.format, { locale: localeOf(ctx), sheetName: first.name, columns: first.columns, out });
  const started = Date.now();
  void (async () => {
    let rows = 0;
    try {
      for (const [i, sheet] of sheets.entries()) {
        if (i > 0) await writer.nextSheet(sheet.name, sheet.columns);
        for await (const cells of sheet.rows) {
          if (gone) return;
          await writer.row(cells);
          rows += 1;
          // Leave the loop at once: the rows stop being read (a list's next page is never asked).
          if (gone) return;
        }
      }
      if (gone) return;
      await writer.finish();
      ctx.log.info(
        { event: 'list-export.done', path: label, format: file.format, rows, ms: Date.now() - started },
        'list exported',
      );
    } catch (err) {
      if (gone) return;
      ctx.log.error({ err, event: 'list-export.failed', path: label, format: file.format, rows }, 'list export failed');
      out.destroy(err as Error);
    }
  })();
  return reply.send(out);
}

/**
 * Registers `GET <path>`: the list as a CSV or XLSX download. Errors before the first byte (401,
 * 403, 400 for a bad filter or format, the list's own 404) are the usual JSON answers; the first
 * page is read before the headers go out. After that the rows stream (sendExport).
 */
export function registerListExport<Q extends { page: number; perPage: number }, Row, P = Record<string, never>>(
  app: ZodApp,
  o: ListExport<Q, Row, P>,
): void {
  const querystring = withExportFormat(o.query);
  app.get(
    o.path,
    {
      config: { access: o.access },
      schema: {
        tags: o.tags,
        summary: o.summary,
        description:
          "The list's filters, search and sort as the list takes them, plus format (csv or xlsx); every row, streamed. " +
          "Headers in the asker's language; CSV in UTF-8 with a BOM (Dutch: ';' and a decimal comma, English: ',' and a dot), dates dd-mm-yyyy.",
        ...(o.params ? { params: o.params } : {}),
        querystring,
        response: { 200: z.any().describe('The file: CSV or XLSX, as an attachment') },
      },
    },
    async (req, reply) => {
      const ctx = req.ctx;
      const { format, ...rest } = req.query as Record<string, unknown> & { format: ListExportFormat };
      const base = rest as unknown as Q;
      const params = req.params as P;
      const columns = typeof o.columns === 'function' ? o.columns(params) : o.columns;
      const names = typeof o.fileName === 'function' ? o.fileName(params) : o.fileName;
      const sheetNames = (typeof o.sheetName === 'function' ? o.sheetName(params) : o.sheetName) ?? names;
      const locale = localeOf(ctx);
      const read = (page: number) => o.page(ctx, { ...base, page, perPage: EXPORT_PAGE }, params);

      // The first page before any byte: the list's own errors are JSON answers.
      const first = await read(1);
      const today = wallClock(ctx.clock().toISOString()).slice(0, 10);
      async function* rows(): AsyncGenerator<Cell[]> {
        let current = first;
        let count = 0;
        for (let page = 1; ; page += 1) {
          if (page > 1) current = await read(page);
          for (const row of current.rows) yield columns.map<Cell>((c) => c.value(row, locale));
          count += current.rows.length;
          if (current.rows.length < EXPORT_PAGE || (current.total !== undefined && count >= current.total)) return;
        }
      }
      return sendExport(
        req,
        reply,
        {
          fileName: `${slug(names[locale])}-${today}.${format}`,
          format,
          sheets: [
            {
              name: sheetNames[locale].slice(0, 31),
              columns: columns.map<Column>((c) => ({
                header: c.header[locale],
                width: c.width ?? DEFAULT_WIDTH[c.type],
                type: c.type,
              })),
              rows: rows(),
            },
          ],
        },
        o.path,
      );
    },
  );
}
