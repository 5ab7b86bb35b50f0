import { type BookedHour, type HourActivity, type HoursListQuery, hoursListQuerySchema } from '@app/shared/hours/hours';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { type ExportColumn, registerListExport } from '../../platform/list-export';
import * as hours from './hours.service';

// Projects' hours (projects/hours) as a file: the list's period, project, person and
// activity filters and its sort; its columns with the UI's headers (locale hours), the time as
// decimal hours so a spreadsheet can sum it.

type App = Parameters<FastifyPluginAsyncZod>[0];

const ACTIVITY: Record<'nl' | 'en', Record<HourActivity, string>> = {
  nl: {
    installation: 'Montage',
    workshop: 'Werkplaats',
    engineering: 'Tekenwerk en engineering',
    travel: 'Reistijd',
    management: 'Projectleiding',
    other: 'Overig',
  },
  en: {
    installation: 'Installation',
    workshop: 'Workshop',
    engineering: 'Drawing and engineering',
    travel: 'Travel time',
    management: 'Project management',
    other: 'Other',
  },
};

/** Minutes as hours with two decimals: 450 → 7.5. */
export const minutesToHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

export const bookedHourColumns: ExportColumn<BookedHour>[] = [
  { header: { nl: 'Datum', en: 'Date' }, type: 'date', value: (r) => r.date },
  { header: { nl: 'Medewerker', en: 'Employee' }, type: 'text', width: 26, value: (r) => r.employee.name },
  { header: { nl: 'Project', en: 'Project' }, type: 'text', width: 30, value: (r) => r.project.name },
  {
    header: { nl: 'Onderdeel of taak', en: 'Area or task' },
    type: 'text',
    width: 30,
    value: (r) => r.area?.name ?? r.task?.title ?? null,
  },
  { header: { nl: 'Activiteit', en: 'Activity' }, type: 'text', width: 22, value: (r, l) => ACTIVITY[l][r.activity] },
  { header: { nl: 'Tijd (uren)', en: 'Time (hours)' }, type: 'decimal', value: (r) => minutesToHours(r.minutes) },
  { header: { nl: 'Opmerkingen', en: 'Notes' }, type: 'text', width: 40, value: (r) => r.notes || null },
];

/** GET /api/hours/export: beside GET /api/hours (projects/hours). */
export function registerHoursExport(app: App): void {
  registerListExport(app, {
    path: '/api/hours/export',
    access: access.employee(...PEOPLE_RIGHTS.hours),
    query: hoursListQuerySchema,
    fileName: { nl: 'uren-op-projecten', en: 'project-hours' },
    sheetName: { nl: 'Uren', en: 'Hours' },
    columns: bookedHourColumns,
    page: async (ctx, q: HoursListQuery) => {
      const page = await hours.listBookedHours(ctx, q);
      return { rows: page.data, total: page.meta.total };
    },
    tags: ['hours'],
    summary: 'Booked hours across projects as CSV or XLSX: the same period, filters and sort as GET /api/hours',
  });
}
