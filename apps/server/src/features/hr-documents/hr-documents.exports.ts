import type { EmployeeContract } from '@app/shared/hr-documents/contracts';
import { type EmployeeDocument, type ExpiringItem, expiringExportQuerySchema } from '@app/shared/hr-documents/documents';
import type { ContractStatus, DocumentType, ExpiryStatus } from '@app/shared/hr-documents/documents.rules';
import { noQuery } from '@app/shared/platform/http';
import type { Locale } from '@app/shared/platform/locale';
import { userParams } from '@app/shared/users/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import type { Ctx } from '../../platform/context';
import { type ExportColumn, registerListExport } from '../../platform/list-export';
import { minutesToHours } from '../hours/hours.exports';
import * as contracts from './contracts.service';
import * as documents from './documents.service';

// A person's HR documents and contracts and HR's expiring list as files: the lists'
// columns with the UI's headers (locale hr-documents). The lists are not paged: everything comes
// with the first page. Who may read the list may export it (the same access and scope).

type App = Parameters<FastifyPluginAsyncZod>[0];
type Paging = { page: number; perPage: number };

const TYPE: Record<Locale, Record<DocumentType, string>> = {
  nl: {
    identity: 'ID-bewijs of paspoort',
    driving_licence: 'Rijbewijs',
    vca: 'VCA-certificaat',
    certificate: 'Overig certificaat',
    work_permit: 'Werkvergunning',
    other: 'Overig',
  },
  en: {
    identity: 'ID card or passport',
    driving_licence: 'Driving licence',
    vca: 'VCA certificate',
    certificate: 'Other certificate',
    work_permit: 'Work permit',
    other: 'Other',
  },
};
const STATUS: Record<Locale, Record<ExpiryStatus | ContractStatus, string>> = {
  nl: {
    expired: 'Verlopen',
    expiring: 'Verloopt binnenkort',
    valid: 'Geldig',
    none: 'Verloopt niet',
    upcoming: 'Nog niet begonnen',
    current: 'Lopend',
    ending: 'Eindigt binnenkort',
    ended: 'Afgelopen',
  },
  en: {
    expired: 'Expired',
    expiring: 'Expires soon',
    valid: 'Valid',
    none: 'Does not expire',
    upcoming: 'Not started yet',
    current: 'Current',
    ending: 'Ends soon',
    ended: 'Ended',
  },
};
const STATUS_HEADER = { nl: 'Status', en: 'Status' };
const NOTES_HEADER = { nl: 'Opmerkingen', en: 'Notes' };

export const documentColumns: ExportColumn<EmployeeDocument>[] = [
  { header: { nl: 'Titel', en: 'Title' }, type: 'text', width: 32, value: (d) => d.title },
  { header: { nl: 'Soort document', en: 'Kind of document' }, type: 'text', width: 24, value: (d, l) => TYPE[l][d.type] },
  { header: { nl: 'Geldig tot en met', en: 'Valid until' }, type: 'date', value: (d) => d.expiresOn },
  { header: STATUS_HEADER, type: 'text', width: 20, value: (d, l) => STATUS[l][d.status] },
  { header: { nl: 'Bestand', en: 'File' }, type: 'text', width: 30, value: (d) => d.file.originalName },
  { header: NOTES_HEADER, type: 'text', width: 40, value: (d) => d.notes || null },
];

export const contractColumns: ExportColumn<EmployeeContract>[] = [
  { header: { nl: 'Ingangsdatum', en: 'Start date' }, type: 'date', value: (c) => c.startsOn },
  { header: { nl: 'Einddatum', en: 'End date' }, type: 'date', value: (c) => c.endsOn },
  { header: { nl: 'Uren per week', en: 'Hours per week' }, type: 'decimal', value: (c) => minutesToHours(c.minutesPerWeek) },
  { header: STATUS_HEADER, type: 'text', width: 20, value: (c, l) => STATUS[l][c.status] },
  {
    header: { nl: 'Getekend contract', en: 'Signed contract' },
    type: 'text',
    width: 30,
    value: (c) => c.file?.originalName ?? null,
  },
  { header: NOTES_HEADER, type: 'text', width: 40, value: (c) => c.notes || null },
];

const CONTRACT = { nl: 'Arbeidscontract', en: 'Employment contract' };

export const expiringColumns: ExportColumn<ExpiringItem>[] = [
  { header: { nl: 'Medewerker', en: 'Employee' }, type: 'text', width: 26, value: (r) => r.employee.name },
  {
    header: { nl: 'Wat', en: 'What' },
    type: 'text',
    width: 32,
    value: (r, l) => (r.kind === 'document' ? r.title : CONTRACT[l]),
  },
  {
    header: { nl: 'Soort', en: 'Kind' },
    type: 'text',
    width: 24,
    value: (r, l) => (r.kind === 'document' ? TYPE[l][r.type] : CONTRACT[l]),
  },
  { header: { nl: 'Datum', en: 'Date' }, type: 'date', value: (r) => r.date },
  { header: STATUS_HEADER, type: 'text', width: 20, value: (r, l) => STATUS[l][r.status] },
];

/** A list that is not paged, as the export's pages: all of it first, then nothing. */
const whole =
  <Q extends Paging, P, Row>(load: (ctx: Ctx, q: Q, p: P) => Promise<Row[]>) =>
  async (ctx: Ctx, q: Q, p: P) => {
    const rows = q.page === 1 ? await load(ctx, q, p) : [];
    return { rows, total: rows.length };
  };

/** GET /api/users/:userId/documents/export: beside GET /api/users/:userId/documents. */
export function registerDocumentsExport(app: App): void {
  registerListExport(app, {
    path: '/api/users/:userId/documents/export',
    access: access.employee(),
    params: userParams,
    query: noQuery,
    fileName: { nl: 'documenten', en: 'documents' },
    columns: documentColumns,
    page: whole(async (ctx, _q: Paging, p: { userId: number }) => (await documents.listDocuments(ctx, p.userId)).data),
    tags: ['hr-documents'],
    summary: "A person's HR documents as CSV or XLSX (their own, or anyone's with documents.manage)",
  });
}

/** GET /api/hr/expiring/export: beside GET /api/hr/expiring. */
export function registerExpiringExport(app: App): void {
  registerListExport(app, {
    path: '/api/hr/expiring/export',
    access: access.employee('documents.manage', 'contracts.manage'),
    query: expiringExportQuerySchema,
    fileName: { nl: 'verloopt-binnenkort', en: 'expiring-soon' },
    columns: expiringColumns,
    page: whole(async (ctx, q: Paging & { kind?: ExpiringItem['kind'] | undefined }) =>
      (await documents.listExpiring(ctx)).data.filter((r) => q.kind === undefined || r.kind === q.kind),
    ),
    tags: ['hr-documents'],
    summary: 'The expiring documents and contracts as CSV or XLSX (the parts the caller may see; kind: one of them)',
  });
}

/** GET /api/users/:userId/contracts/export: beside GET /api/users/:userId/contracts. */
export function registerContractsExport(app: App): void {
  registerListExport(app, {
    path: '/api/users/:userId/contracts/export',
    access: access.employee(),
    params: userParams,
    query: noQuery,
    fileName: { nl: 'contracten', en: 'contracts' },
    columns: contractColumns,
    page: whole(async (ctx, _q: Paging, p: { userId: number }) => (await contracts.listContracts(ctx, p.userId)).data),
    tags: ['hr-documents'],
    summary: "A person's contracts as CSV or XLSX (their own, or anyone's with contracts.manage)",
  });
}
