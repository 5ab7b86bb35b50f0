import {
  type LeaveLine,
  type LeaveLineQuery,
  type LeaveRequest,
  type LeaveRequestListQuery,
  leaveLineQuerySchema,
  leaveRequestListQuerySchema,
} from '@app/shared/leave/leave';
import type { LeaveLineKind, LeaveRequestStatus } from '@app/shared/leave/leave.rules';
import type { Locale } from '@app/shared/platform/locale';
import { userParams } from '@app/shared/users/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { type ExportColumn, registerListExport } from '../../platform/list-export';
import { minutesToHours } from '../hours/hours.exports';
import * as card from './card.service';
import * as requests from './requests.service';

// Leave requests and the lines behind a leave card's totals as files: the lists' own
// filters and sort, their columns with the UI's headers (locales leave-requests, leave); hours as
// decimal hours (signed on the card's lines: leave takes, a cancellation or overtime gives).

type App = Parameters<FastifyPluginAsyncZod>[0];

const anyEmployee = access.employee();

const REQUEST_STATUS: Record<Locale, Record<LeaveRequestStatus, string>> = {
  nl: { pending: 'Openstaand', approved: 'Goedgekeurd', denied: 'Afgewezen', cancelled: 'Ingetrokken' },
  en: { pending: 'Pending', approved: 'Approved', denied: 'Denied', cancelled: 'Cancelled' },
};

export const leaveRequestColumns: ExportColumn<LeaveRequest>[] = [
  { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (r) => r.id },
  { header: { nl: 'Medewerker', en: 'Employee' }, type: 'text', width: 26, value: (r) => r.employee.name },
  { header: { nl: 'Soort', en: 'Type' }, type: 'text', width: 20, value: (r) => r.leaveType.name },
  { header: { nl: 'Van', en: 'From' }, type: 'date', value: (r) => r.startsOn },
  { header: { nl: 'Tot en met', en: 'Up to and including' }, type: 'date', value: (r) => r.endsOn },
  {
    header: { nl: 'Deel van de dag', en: 'Part of the day' },
    type: 'text',
    width: 14,
    value: (r) => (r.part ? `${r.part.start}–${r.part.end}` : null),
  },
  { header: { nl: 'Uren', en: 'Hours' }, type: 'decimal', value: (r) => minutesToHours(r.minutes) },
  { header: { nl: 'Status', en: 'Status' }, type: 'text', width: 14, value: (r, l) => REQUEST_STATUS[l][r.status] },
  { header: { nl: 'Toelichting', en: 'Note' }, type: 'text', width: 36, value: (r) => r.note || null },
  { header: { nl: 'Reden', en: 'Reason' }, type: 'text', width: 30, value: (r) => r.decisionReason },
  { header: { nl: 'Besloten door', en: 'Decided by' }, type: 'text', width: 22, value: (r) => r.decidedBy },
];

const KIND: Record<Locale, Record<LeaveLineKind, string>> = {
  nl: { leave: 'Verlof', cancellation: 'Ingetrokken', correction: 'Correctie', overtime: 'Overuren' },
  en: { leave: 'Leave', cancellation: 'Cancelled', correction: 'Correction', overtime: 'Overtime' },
};
const YES_NO: Record<Locale, [string, string]> = { nl: ['Ja', 'Nee'], en: ['Yes', 'No'] };

/** The text of a line as the card shows it: its own description, or what it came from. */
function describe(x: LeaveLine, l: Locale): string | null {
  if (x.description) return x.description;
  if (x.collectiveLeave) return x.collectiveLeave.name;
  if (x.requestId !== null) return l === 'nl' ? `Aanvraag #${x.requestId}` : `Request #${x.requestId}`;
  return null;
}

export const leaveLineColumns: ExportColumn<LeaveLine>[] = [
  { header: { nl: 'Datum', en: 'Date' }, type: 'date', value: (x) => x.date },
  { header: { nl: 'Soort', en: 'Type' }, type: 'text', width: 14, value: (x, l) => KIND[l][x.kind] },
  { header: { nl: 'Welk verlof', en: 'Which leave' }, type: 'text', width: 20, value: (x) => x.leaveType?.name ?? null },
  { header: { nl: 'Omschrijving', en: 'Description' }, type: 'text', width: 40, value: (x, l) => describe(x, l) },
  { header: { nl: 'Uren', en: 'Hours' }, type: 'decimal', value: (x) => minutesToHours(x.minutes) },
  { header: { nl: 'Telt mee', en: 'Counts' }, type: 'text', width: 10, value: (x, l) => YES_NO[l][x.counts ? 0 : 1] },
  { header: { nl: 'Uurregel', en: 'Hour rule' }, type: 'text', width: 20, value: (x) => x.hourRule?.name ?? null },
  { header: { nl: 'Boeking', en: 'Booking' }, type: 'text', width: 24, value: (x) => x.bookedHour?.project ?? null },
  { header: { nl: 'Door', en: 'By' }, type: 'text', width: 22, value: (x) => x.createdBy },
];

/** GET /api/leave-requests/export: beside GET /api/leave-requests. */
export function registerLeaveRequestsExport(app: App): void {
  registerListExport(app, {
    path: '/api/leave-requests/export',
    access: anyEmployee,
    query: leaveRequestListQuerySchema,
    fileName: { nl: 'verlofaanvragen', en: 'leave-requests' },
    columns: leaveRequestColumns,
    page: async (ctx, q: LeaveRequestListQuery) => {
      const page = await requests.listLeaveRequests(ctx, q);
      return { rows: page.data, total: page.meta.total };
    },
    tags: ['leave'],
    summary:
      "Leave requests as CSV or XLSX (one's own, or with the leave rights everyone's): the filters and sort of GET /api/leave-requests",
  });
}

/** GET /api/users/:userId/leave-card/lines/export: beside the card's lines. */
export function registerLeaveLinesExport(app: App): void {
  registerListExport(app, {
    path: '/api/users/:userId/leave-card/lines/export',
    access: anyEmployee,
    params: userParams,
    query: leaveLineQuerySchema,
    fileName: { nl: 'verlofregels', en: 'leave-lines' },
    columns: leaveLineColumns,
    page: async (ctx, q: LeaveLineQuery, p: { userId: number }) => {
      const page = await card.listLines(ctx, p.userId, q);
      return { rows: page.data, total: page.meta.total };
    },
    tags: ['leave'],
    summary: "The lines of a person's leave card for a year (one total's, or all) as CSV or XLSX",
  });
}
