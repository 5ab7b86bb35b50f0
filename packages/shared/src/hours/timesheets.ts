import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { versionField } from '../platform/http';
import { weekKeySchema } from '../timeline/timeline';
import { personRefSchema } from '../users/people';
import { MAX_TIMESHEET_COMMENT, TIMESHEET_ABILITIES, TIMESHEET_STATES } from './timesheets.rules';

// Timesheets ('Urenverantwoording'): a person's ISO week of booked hours is approved or sent back
// with a comment by someone with hours.approve, never by the person themselves. Open weeks have no
// row; an approved week is read only until it is reopened. /api/hours/timesheets.

export { TIMESHEET_STATES };

/** The decision on one person's week (on the week of hours and in the approvers' list). */
export const timesheetSchema = z.object({
  state: z.enum(TIMESHEET_STATES),
  comment: z.string().describe('Why it was sent back (empty otherwise)'),
  decidedBy: z.string().nullable().describe('Who approved or sent it back'),
  decidedAt: z.string().nullable(),
  version: z.number().int().nullable().describe('Send it with the next decision; null while the week is open'),
  abilities: abilitiesSchema(TIMESHEET_ABILITIES),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/** GET /api/hours/timesheets: every person's week, for the approvers. */
export const timesheetListQuerySchema = z.strictObject({ week: weekKeySchema });
export const timesheetRowSchema = z.object({
  employee: personRefSchema,
  scheduledMinutes: z.number().int(),
  bookedMinutes: z.number().int(),
  timesheet: timesheetSchema,
});
export type TimesheetRow = z.infer<typeof timesheetRowSchema>;
export const timesheetListSchema = z.object({
  week: weekKeySchema,
  rows: z.array(timesheetRowSchema).describe('Active people (and deactivated ones with hours that week), by name'),
});
export type TimesheetList = z.infer<typeof timesheetListSchema>;

const version = versionField.nullable().describe('The version of the decision it is based on; null while the week is open');

/** POST /api/hours/timesheets/:userId/approve and /reopen. */
export const timesheetDecisionSchema = z.strictObject({ week: weekKeySchema, version });
export type TimesheetDecision = z.input<typeof timesheetDecisionSchema>;
/** POST /api/hours/timesheets/:userId/return: a comment is required. */
export const timesheetReturnSchema = z.strictObject({
  week: weekKeySchema,
  version,
  comment: z.string().trim().min(1).max(MAX_TIMESHEET_COMMENT).describe('What the person should correct'),
});
export type TimesheetReturn = z.input<typeof timesheetReturnSchema>;
