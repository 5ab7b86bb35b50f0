import * as z from 'zod';

// Every list can be exported as it is filtered and sorted: `GET <list path>/export?format=…`
// takes the list's own query (its filters, search and sort) plus the format, so a filter the list
// refuses is refused by the export too (400), and the file holds exactly the rows the list pages through.

export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

export const listExportFormatSchema = z.enum(LIST_EXPORT_FORMATS).describe('The file format: csv or xlsx');

/** A list's query schema with the export's `format` (required) added; everything else as the list takes it. */
export function withExportFormat<S extends z.ZodObject>(listQuerySchema: S) {
  return listQuerySchema.extend({ format: listExportFormatSchema });
}
