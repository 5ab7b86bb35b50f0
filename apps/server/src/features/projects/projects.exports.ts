import { areaLabel } from '@app/shared/project-articles/project-articles';
import { type AreaSummary, areaListQuerySchema } from '@app/shared/projects/areas';
import {
  type ProjectListItem,
  type ProjectListQuery,
  projectListQuerySchema,
  projectParams,
} from '@app/shared/projects/projects';
import { type AreaKind, type AreaStatus, completionPercent, type TaskStatus } from '@app/shared/projects/projects.rules';
import { type ProjectTaskListQuery, projectTaskListQuerySchema, type TaskSummary } from '@app/shared/projects/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { type ExportColumn, registerListExport } from '../../platform/list-export';
import * as areas from './areas.service';
import * as projects from './projects.service';
import * as tasks from './tasks.service';

// The exports of the projects list, a project's tasks and a project's areas: the lists'
// own filters and sort, their visible columns with the UI's headers (locales projects, tasks, areas).

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['projects'];
const view = access.employee('projects.view', 'projects.manage');

const ID = { nl: 'ID', en: 'ID' };
const names = (list: { name: string }[]) => list.map((x) => x.name).join(', ');

export const projectColumns: ExportColumn<ProjectListItem>[] = [
  { header: ID, type: 'integer', width: 8, value: (p) => p.id },
  { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 36, value: (p) => p.name },
  {
    header: { nl: 'Type', en: 'Type' },
    type: 'text',
    width: 18,
    value: (p, l) => (p.type === 'preferred' ? { nl: 'Voorkeursproject', en: 'Preferred project' }[l] : ''),
  },
  { header: { nl: 'Projectleiders', en: 'Project managers' }, type: 'text', width: 30, value: (p) => names(p.managers) },
  { header: { nl: 'Klanten', en: 'Clients' }, type: 'text', width: 30, value: (p) => names(p.companies) },
  { header: { nl: 'Voortgang (%)', en: 'Progress (%)' }, type: 'integer', value: (p) => completionPercent(p.completion) },
  { header: { nl: 'Taken gereed', en: 'Tasks done' }, type: 'integer', value: (p) => p.completion.tasksDone },
  { header: { nl: 'Taken', en: 'Tasks' }, type: 'integer', value: (p) => p.completion.tasksTotal },
  { header: { nl: 'Open tickets', en: 'Open tickets' }, type: 'integer', value: (p) => p.openTicketsCount },
  { header: { nl: 'Bijgewerkt', en: 'Updated' }, type: 'datetime', value: (p) => p.updatedAt },
];

const TASK_STATUS: Record<'nl' | 'en', Record<TaskStatus, string>> = {
  nl: { pending: 'Openstaand', completed: 'Afgerond', open_ticket: 'Open ticket' },
  en: { pending: 'Pending', completed: 'Completed', open_ticket: 'Open ticket' },
};

export const taskColumns: ExportColumn<TaskSummary>[] = [
  { header: ID, type: 'integer', width: 8, value: (r) => r.id },
  { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 40, value: (r) => r.name },
  {
    header: { nl: 'Ruimte', en: 'Area' },
    type: 'text',
    width: 28,
    value: (r) => areaLabel({ number: r.areaNumber, name: r.areaName }),
  },
  { header: { nl: 'Status', en: 'Status' }, type: 'text', width: 14, value: (r, l) => TASK_STATUS[l][r.status] },
  { header: { nl: 'Toegewezen aan', en: 'Assigned to' }, type: 'text', value: (r) => r.assignee?.name ?? null },
  { header: { nl: 'Subtaken gesloten', en: 'Sub-tasks closed' }, type: 'integer', value: (r) => r.subtasksDone },
  { header: { nl: 'Subtaken', en: 'Sub-tasks' }, type: 'integer', value: (r) => r.subtasksTotal },
  { header: { nl: 'Open tickets', en: 'Open tickets' }, type: 'integer', value: (r) => r.openTicketsCount },
  { header: { nl: 'Gewijzigd', en: 'Updated' }, type: 'datetime', value: (r) => r.updatedAt },
];

const AREA_KIND: Record<'nl' | 'en', Record<AreaKind, string>> = {
  nl: { deck: 'Dek', area: 'Ruimte', subarea: 'Subruimte' },
  en: { deck: 'Deck', area: 'Area', subarea: 'Sub-area' },
};
const AREA_STATUS: Record<'nl' | 'en', Record<AreaStatus, string>> = {
  nl: { open: 'Open', completed: 'Afgerond' },
  en: { open: 'Open', completed: 'Completed' },
};

/** An area row with the deck it sits on (the page shows it as the row's section). */
export type AreaExportRow = AreaSummary & { deck: string | null };

export const areaColumns: ExportColumn<AreaExportRow>[] = [
  { header: ID, type: 'integer', width: 8, value: (a) => a.id },
  { header: { nl: 'Soort', en: 'Kind' }, type: 'text', width: 10, value: (a, l) => AREA_KIND[l][a.kind] },
  { header: { nl: 'Dek', en: 'Deck' }, type: 'text', value: (a) => a.deck },
  { header: { nl: 'Nummer', en: 'Number' }, type: 'text', width: 12, value: (a) => a.number || null },
  { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 32, value: (a) => a.name },
  { header: { nl: 'Type ruimte', en: 'Area type' }, type: 'text', value: (a) => a.areaType || null },
  { header: { nl: 'Status', en: 'Status' }, type: 'text', width: 12, value: (a, l) => AREA_STATUS[l][a.status] },
  { header: { nl: 'Voortgang (%)', en: 'Progress (%)' }, type: 'integer', value: (a) => completionPercent(a.completion) },
  { header: { nl: 'Subruimtes', en: 'Sub-areas' }, type: 'integer', value: (a) => (a.kind === 'area' ? a.childrenCount : null) },
];

/**
 * The areas page's order: each deck followed by its areas, then the areas without a deck. The list is
 * not paged: everything comes with the first page.
 */
export async function areaExportPage(
  ctx: Parameters<typeof areas.listAreas>[0],
  q: { page: number; q?: string | undefined; status?: AreaStatus | undefined },
  p: { projectId: number },
): Promise<{ rows: AreaExportRow[]; total: number }> {
  if (q.page > 1) return { rows: [], total: 0 };
  const list = await areas.listAreas(ctx, p.projectId, { q: q.q, status: q.status });
  const deckIds = new Set(list.decks.map((d) => d.id));
  const rows: AreaExportRow[] = [];
  for (const deck of list.decks) {
    const title = areaLabel(deck);
    rows.push({ ...deck, deck: null });
    for (const a of list.areas) if (a.parentId === deck.id) rows.push({ ...a, deck: title });
  }
  for (const a of list.areas) if (a.parentId === null || !deckIds.has(a.parentId)) rows.push({ ...a, deck: null });
  return { rows, total: rows.length };
}

/** GET /api/projects/export: beside GET /api/projects. */
export function registerProjectsExport(app: App): void {
  registerListExport(app, {
    path: '/api/projects/export',
    access: view,
    query: projectListQuerySchema,
    fileName: { nl: 'projecten', en: 'projects' },
    columns: projectColumns,
    page: async (ctx, q: ProjectListQuery) => {
      const page = await projects.listProjects(ctx, q);
      return { rows: page.data, total: page.meta.total };
    },
    tags,
    summary: 'The projects list as CSV or XLSX: the same tab, search and sort as GET /api/projects',
  });
}

/** GET /api/projects/:projectId/tasks/export: beside GET /api/projects/:projectId/tasks. */
export function registerTasksExport(app: App): void {
  registerListExport(app, {
    path: '/api/projects/:projectId/tasks/export',
    access: view,
    params: projectParams,
    query: projectTaskListQuerySchema,
    fileName: { nl: 'taken', en: 'tasks' },
    columns: taskColumns,
    page: async (ctx, q: ProjectTaskListQuery, p: { projectId: number }) => {
      const page = await tasks.listProjectTasks(ctx, p.projectId, q);
      return { rows: page.data, total: page.meta.total };
    },
    tags,
    summary: "A project's tasks as CSV or XLSX: the same filters, search and sort as GET /api/projects/:projectId/tasks",
  });
}

/** GET /api/projects/:projectId/areas/export: beside GET /api/projects/:projectId/areas. */
export function registerAreasExport(app: App): void {
  registerListExport(app, {
    path: '/api/projects/:projectId/areas/export',
    access: view,
    params: projectParams,
    query: areaListQuerySchema,
    fileName: { nl: 'ruimtes', en: 'areas' },
    columns: areaColumns,
    page: (ctx, q: { page: number; perPage: number; q?: string; status?: AreaStatus }, p: { projectId: number }) =>
      areaExportPage(ctx, q, p),
    tags,
    summary:
      "A project's decks and areas as CSV or XLSX (each deck followed by its areas): the same search and status as the list",
  });
}
