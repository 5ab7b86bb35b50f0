import * as z from 'zod';
import { idSchema, versionField } from '../platform/http';
import { calendarDateSchema, workDateSchema } from '../users/people';
import { dayMinutes, timeToMinutes } from './schedules.rules';

// Schedules (/api/users/:userId/schedules): versions of a person's even and odd weeks.

const time = z.string().refine((t) => !Number.isNaN(timeToMinutes(t)), { message: 'time_invalid' });

export const scheduleDaySchema = z
  .strictObject({
    weekday: z.number().int().min(1).max(7).describe('Monday 1 to Sunday 7'),
    start: time.describe('HH:MM'),
    end: time.describe('HH:MM, after the start on the same day'),
    breakMinutes: z.number().int().min(0).max(600),
  })
  .refine((d) => timeToMinutes(d.end) > timeToMinutes(d.start), { message: 'end_before_start', path: ['end'] })
  .refine((d) => dayMinutes(d) > 0, { message: 'break_too_long', path: ['breakMinutes'] });

const week = z
  .array(scheduleDaySchema)
  .max(7)
  .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, { message: 'duplicate' });

export const scheduleDaysSchema = z.strictObject({ even: week, odd: week });

export const scheduleSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  effectiveFrom: calendarDateSchema,
  days: z.object({
    even: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string(), breakMinutes: z.number().int() })),
    odd: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string(), breakMinutes: z.number().int() })),
  }),
  /** Minutes of the even and the odd week, for the list. */
  weekMinutes: z.object({ even: z.number().int(), odd: z.number().int() }),
  version: z.number().int(),
  canEdit: z.boolean(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleInputSchema = z.strictObject({
  effectiveFrom: workDateSchema.describe('From this day on the schedule applies; earlier days keep the previous version'),
  days: scheduleDaysSchema,
});
export type ScheduleInput = z.input<typeof scheduleInputSchema>;
export const scheduleUpdateSchema = scheduleInputSchema.extend({ version: versionField });
export type ScheduleUpdate = z.input<typeof scheduleUpdateSchema>;

/** GET /api/users/:userId/schedules: every version, newest first, and this week's parity. */
export const scheduleListSchema = z.object({
  data: z.array(scheduleSchema),
  today: calendarDateSchema,
  parity: z.enum(['even', 'odd']).describe("This ISO week's parity"),
  week: z.number().int().describe("This ISO week's number"),
});

/** `:userId/:scheduleId` of /api/users/:userId/schedules/:scheduleId. */
export const scheduleParams = z.strictObject({ userId: idSchema, scheduleId: idSchema });
