import {
  type Declaration,
  type DeclarationListQuery,
  declarationListQuerySchema,
  type UserDeclarationListQuery,
  userDeclarationListQuerySchema,
} from '@app/shared/declarations/declarations';
import type { DeclarationStatus } from '@app/shared/declarations/declarations.rules';
import {
  type Overnight,
  type OvernightListQuery,
  overnightListQuerySchema,
  type UserOvernightListQuery,
  userOvernightListQuerySchema,
} from '@app/shared/declarations/overnights';
import type { Locale } from '@app/shared/platform/locale';
import { userParams } from '@app/shared/users/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { type ExportColumn, registerListExport } from '../../platform/list-export';
import * as declarations from './declarations.service';
import * as overnights from './overnights.service';

// Declarations and overnight stays as files: everyone's in reach (/declarations) or one
// person's (their page), with the lists' status, period, person, search and sort; the columns with
// the UI's headers (locale declarations). Amounts in euros with two decimals.

type App = Parameters<FastifyPluginAsyncZod>[0];

const anyEmployee = access.employee();

const STATUS: Record<Locale, Record<DeclarationStatus, string>> = {
  nl: { submitted: 'Ingediend', approved: 'Goedgekeurd', rejected: 'Afgewezen', paid: 'Betaald' },
  en: { submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected', paid: 'Paid' },
};
const EMPLOYEE = { nl: 'Medewerker', en: 'Employee' };

export const declarationColumns: ExportColumn<Declaration>[] = [
  { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (d) => d.id },
  { header: { nl: 'Datum', en: 'Date' }, type: 'date', value: (d) => d.date },
  { header: EMPLOYEE, type: 'text', width: 26, value: (d) => d.employee.name },
  { header: { nl: 'Omschrijving', en: 'Description' }, type: 'text', width: 40, value: (d) => d.description },
  { header: { nl: 'Project', en: 'Project' }, type: 'text', width: 28, value: (d) => d.project?.name ?? null },
  { header: { nl: 'Categorie', en: 'Category' }, type: 'text', width: 20, value: (d) => d.category.name },
  { header: { nl: 'Betaalwijze', en: 'Payment type' }, type: 'text', width: 20, value: (d) => d.paymentType.name },
  { header: { nl: 'Bedrag', en: 'Amount' }, type: 'decimal', value: (d) => d.amountCents / 100 },
  { header: { nl: 'Status', en: 'Status' }, type: 'text', width: 14, value: (d, l) => STATUS[l][d.status] },
  { header: { nl: 'Reden van afwijzing', en: 'Reason for rejection' }, type: 'text', width: 30, value: (d) => d.rejectReason },
];

export const overnightColumns: ExportColumn<Overnight>[] = [
  { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (o) => o.id },
  { header: { nl: 'Eerste nacht', en: 'First night' }, type: 'date', value: (o) => o.date },
  { header: EMPLOYEE, type: 'text', width: 26, value: (o) => o.employee.name },
  { header: { nl: 'Nachten', en: 'Nights' }, type: 'integer', value: (o) => o.nights },
  { header: { nl: 'Project', en: 'Project' }, type: 'text', width: 28, value: (o) => o.project.name },
  { header: { nl: 'Locatie', en: 'Location' }, type: 'text', width: 28, value: (o) => o.location },
  { header: { nl: 'Opmerkingen', en: 'Notes' }, type: 'text', width: 30, value: (o) => o.notes || null },
  { header: { nl: 'Status', en: 'Status' }, type: 'text', width: 14, value: (o, l) => STATUS[l][o.status] },
  { header: { nl: 'Reden van afwijzing', en: 'Reason for rejection' }, type: 'text', width: 30, value: (o) => o.rejectReason },
];

const pageOf = <Row>(p: { data: Row[]; meta: { total: number } }) => ({ rows: p.data, total: p.meta.total });

/** GET /api/declarations/export and /api/users/:userId/declarations/export: beside the two lists. */
export function registerDeclarationsExport(app: App): void {
  registerListExport(app, {
    path: '/api/declarations/export',
    access: anyEmployee,
    query: declarationListQuerySchema,
    fileName: { nl: 'declaraties', en: 'declarations' },
    columns: declarationColumns,
    page: async (ctx, q: DeclarationListQuery) => pageOf(await declarations.listDeclarations(ctx, q)),
    tags: ['declarations'],
    summary:
      "Declarations as CSV or XLSX (one's own, or everyone's with the hours rights): the filters and sort of GET /api/declarations",
  });
  registerListExport(app, {
    path: '/api/users/:userId/declarations/export',
    access: anyEmployee,
    params: userParams,
    query: userDeclarationListQuerySchema,
    fileName: { nl: 'declaraties', en: 'declarations' },
    columns: declarationColumns,
    page: async (ctx, q: UserDeclarationListQuery, p: { userId: number }) =>
      pageOf(await declarations.listUserDeclarations(ctx, p.userId, q)),
    tags: ['declarations'],
    summary: "One person's declarations as CSV or XLSX: the filters and sort of GET /api/users/:userId/declarations",
  });
}

/** GET /api/overnights/export and /api/users/:userId/overnights/export: beside the two lists. */
export function registerOvernightsExport(app: App): void {
  registerListExport(app, {
    path: '/api/overnights/export',
    access: anyEmployee,
    query: overnightListQuerySchema,
    fileName: { nl: 'overnachtingen', en: 'overnight-stays' },
    columns: overnightColumns,
    page: async (ctx, q: OvernightListQuery) => pageOf(await overnights.listOvernights(ctx, q)),
    tags: ['overnights'],
    summary:
      "Overnight stays as CSV or XLSX (one's own, or everyone's with the rights): the filters and sort of GET /api/overnights",
  });
  registerListExport(app, {
    path: '/api/users/:userId/overnights/export',
    access: anyEmployee,
    params: userParams,
    query: userOvernightListQuerySchema,
    fileName: { nl: 'overnachtingen', en: 'overnight-stays' },
    columns: overnightColumns,
    page: async (ctx, q: UserOvernightListQuery, p: { userId: number }) =>
      pageOf(await overnights.listUserOvernights(ctx, p.userId, q)),
    tags: ['overnights'],
    summary: "One person's overnight stays as CSV or XLSX: the filters and sort of GET /api/users/:userId/overnights",
  });
}
