import * as z from 'zod';
import { idSchema } from '../platform/http';
import { calendarDateSchema, workDateSchema } from '../users/people';
import { MAX_EXPORT_DAYS, periodProblem } from './exports.rules';

// The payroll exports' contract: hours and overnight stays of a period, as XLSX or CSV,
// written by a job (POST answers 202 with the run; GET follows its progress; /file downloads it).
// Only the person who asked sees a run. Rights: PEOPLE_RIGHTS.export (hours.export), both kinds.

export const EXPORT_KINDS = ['hours', 'overnights'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** Why a run failed (the web translates exports.errors.<code>); interrupted: the server writing it stopped. */
export const EXPORT_ERRORS = ['failed', 'forbidden', 'queue_failed', 'interrupted'] as const;
export type ExportError = (typeof EXPORT_ERRORS)[number];
/** At most this many people named in one export's filter. */
export const MAX_EXPORT_EMPLOYEES = 500;
/** How many runs GET /api/exports answers (the newest). */
export const RECENT_EXPORTS = 20;

const id = z.number().int().positive().max(2_147_483_647);

export const exportInputSchema = z
  .strictObject({
    kind: z.enum(EXPORT_KINDS),
    format: z.enum(EXPORT_FORMATS),
    from: workDateSchema.describe('First day of the period (YYYY-MM-DD)'),
    to: workDateSchema.describe(`Last day of the period, included; at most ${MAX_EXPORT_DAYS} days after from`),
    employeeIds: z
      .array(id)
      .min(1)
      .max(MAX_EXPORT_EMPLOYEES)
      .optional()
      .describe('Only these people (left out: everyone with rows in the period)'),
    approvedOnly: z
      .boolean()
      .default(false)
      .describe(
        "Hours only: leave out the hours of weeks not approved (timesheets) and list those weeks on a sheet 'Open weken' (a section of the CSV)",
      ),
  })
  .superRefine((v, ctx) => {
    const problem = periodProblem(v.from, v.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type ExportInput = z.input<typeof exportInputSchema>;

export const exportRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  from: calendarDateSchema,
  to: calendarDateSchema,
  /** The people filter, or null for everyone. */
  employeeIds: z.array(z.number().int()).nullable(),
  /** Hours of approved weeks only (and the open weeks listed). */
  approvedOnly: z.boolean(),
  status: z.enum(EXPORT_STATUSES),
  done: z.number().int().describe('Rows written so far'),
  total: z.number().int().describe('Rows to write (known once the job has counted them)'),
  fileName: z.string().nullable().describe('The download name once done'),
  size: z.number().int().nullable().describe('The file size in bytes once done'),
  error: z.enum(EXPORT_ERRORS).nullable(),
  /** GET this to download (only when done). */
  fileUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportRun = z.infer<typeof exportRunSchema>;

export const exportListQuerySchema = z.strictObject({ kind: z.enum(EXPORT_KINDS).optional() });
export type ExportListQuery = z.infer<typeof exportListQuerySchema>;
export const exportListSchema = z.object({ data: z.array(exportRunSchema) });

export const exportParams = z.strictObject({ exportId: idSchema });
