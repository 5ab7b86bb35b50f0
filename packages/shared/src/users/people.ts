import * as z from 'zod';
import { idSchema } from '../platform/http';
import { isCalendarDate } from '../platform/iso-week';

// Shared pieces of the people-and-hours contracts: every record belongs to one employee,
// addressed as /api/users/:userId/... (the web app's /users/:userId).

/** A calendar day `YYYY-MM-DD` that exists. */
export const calendarDateSchema = z
  .string()
  .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isCalendarDate(d), { message: 'date_invalid' });

/** Days from 2000 to 2099: the range any booking, declaration or document date may take. */
export const workDateSchema = calendarDateSchema.refine((d) => d >= '2000-01-01' && d <= '2099-12-31', {
  message: 'date_out_of_range',
});

/** `:userId` of /api/users/:userId/...: the employee's id. */
export const userParams = z.strictObject({ userId: idSchema });

/** A person as lists show them. */
export const personRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/** What a person may do themselves (their mobile settings). */
export const selfServiceSchema = z.object({
  bookHours: z.boolean().describe('Book their own hours'),
  overnights: z.boolean().describe('Register their own overnight stays'),
  planner: z.boolean().describe('See the planner (read only)'),
});
