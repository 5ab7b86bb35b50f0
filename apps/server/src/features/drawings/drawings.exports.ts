import { type DrawingListItem, type DrawingListQuery, drawingListQuerySchema } from '@app/shared/drawings/drawings';
import type { DrawingStatus } from '@app/shared/drawings/drawings.rules';
import { projectParams } from '@app/shared/projects/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { type ExportColumn, registerListExport } from '../../platform/list-export';
import * as drawings from './drawings.service';

// A project's drawings as a file: the list's tab, search and sort, its columns with the
// UI's headers (locale drawings). The portal's list has no export.

type App = Parameters<FastifyPluginAsyncZod>[0];

const STATUS: Record<'nl' | 'en', Record<DrawingStatus, string>> = {
  nl: { open: 'Wijzigingen gevraagd', pending: 'Wacht op goedkeuring', approved: 'Goedgekeurd' },
  en: { open: 'Changes requested', pending: 'Awaiting approval', approved: 'Approved' },
};

export const drawingColumns: ExportColumn<DrawingListItem>[] = [
  { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (x) => x.id },
  { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 40, value: (x) => x.name },
  { header: { nl: 'Klant', en: 'Client' }, type: 'text', width: 28, value: (x) => x.company.name },
  { header: { nl: 'Status', en: 'Status' }, type: 'text', width: 22, value: (x, l) => STATUS[l][x.status] },
  { header: { nl: 'Laatste versie', en: 'Latest version' }, type: 'integer', value: (x) => x.latestVersion?.number ?? null },
  {
    header: { nl: 'Versie geüpload', en: 'Version uploaded' },
    type: 'datetime',
    value: (x) => x.latestVersion?.createdAt ?? null,
  },
  { header: { nl: 'Medewerker', en: 'Employee' }, type: 'text', value: (x) => x.employee?.name ?? null },
  { header: { nl: 'Datum', en: 'Date' }, type: 'date', value: (x) => x.drawingDate },
];

/** GET /api/projects/:projectId/drawings/export: beside GET /api/projects/:projectId/drawings. */
export function registerDrawingsExport(app: App): void {
  registerListExport(app, {
    path: '/api/projects/:projectId/drawings/export',
    access: access.employee('projects.view', 'projects.manage'),
    params: projectParams,
    query: drawingListQuerySchema,
    fileName: { nl: 'tekeningen', en: 'drawings' },
    columns: drawingColumns,
    page: async (ctx, q: DrawingListQuery, p: { projectId: number }) => {
      const page = await drawings.listProjectDrawings(ctx, p.projectId, q);
      return { rows: page.data, total: page.meta.total };
    },
    tags: ['drawings'],
    summary: "A project's drawings as CSV or XLSX: the same tab, search and sort as GET /api/projects/:projectId/drawings",
  });
}
