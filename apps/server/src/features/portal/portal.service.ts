import { type Page, pageMeta } from '@app/shared/platform/http';
import type { Locale } from '@app/shared/platform/locale';
import type {
  PortalArea,
  PortalAreaDetail,
  PortalProject,
  PortalProjectListQuery,
  PortalProjectSummary,
  PortalSubtask,
  PortalSubtaskDetail,
  PortalTask,
  PortalTaskDetail,
  PortalUser,
} from '@app/shared/portal/portal';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as companyUsersRepo from '../companies/company-users.repository';
import * as areasRepo from '../projects/areas.repository';
import * as projectsRepo from '../projects/projects.repository';
import * as subtasksRepo from '../projects/subtasks.repository';
import * as tasksRepo from '../projects/tasks.repository';

// The portal reuses the projects repositories, which AND scope.project / scope.area for a portal
// actor (a company user, or an employee acting as the company): another company's project and an
// area outside the company's selection are simply not found. Here every answer is copied field
// by field into the portal's shapes, so no internal field can slip through (Z9).

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const localeOf = (ctx: Ctx): Locale => (ctx.actor.kind === 'anonymous' ? 'nl' : ctx.actor.locale);

function toSummary(r: projectsRepo.ProjectRow, a: projectsRepo.ProjectAggregates): PortalProjectSummary {
  return {
    id: r.id,
    name: r.name,
    archived: r.status === 'inactive',
    address: r.address,
    areasCount: a.areasCount,
    completion: {
      tasksDone: a.tasksDone,
      tasksTotal: a.tasksTotal,
      subtasksDone: a.subtasksDone,
      subtasksTotal: a.subtasksTotal,
    },
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The company's projects (active or archived), most recently changed first: two statements and the aggregates. */
export async function listProjects(ctx: Ctx, q: PortalProjectListQuery): Promise<Page<PortalProjectSummary>> {
  const db = ctx.db.orm;
  const { rows, total } = await projectsRepo.listPage(db, ctx.actor, {
    tab: q.tab,
    sort: '-updated',
    page: q.page,
    perPage: q.perPage,
    q: q.q,
  });
  const aggs = await projectsRepo.aggregates(
    db,
    ctx.actor,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toSummary(r, aggs.get(r.id) as projectsRepo.ProjectAggregates)),
    meta: pageMeta(q.page, q.perPage, total),
  };
}

/** The project as the company sees it, or 404 (another company's, deleted, missing). */
async function visibleProject(ctx: Ctx, projectId: number) {
  const row = await projectsRepo.find(ctx.db.orm, ctx.actor, projectId);
  if (!row) throw new AppError('PROJECT_NOT_FOUND');
  return row;
}

/** @throws PROJECT_NOT_FOUND */
export async function getProject(ctx: Ctx, projectId: number): Promise<PortalProject> {
  const row = await visibleProject(ctx, projectId);
  const aggs = await projectsRepo.aggregates(ctx.db.orm, ctx.actor, [projectId]);
  const a = aggs.get(projectId) as projectsRepo.ProjectAggregates;
  return { ...toSummary(row, a), contact: row.contact, phone: row.phone, mapsLink: row.mapsLink, managers: a.managers };
}

function toArea(r: areasRepo.AreaSummaryRow): PortalArea {
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    name: r.name,
    areaType: r.areaType,
    status: r.status,
    parent: r.parentId !== null && r.parentKind ? { id: r.parentId, name: r.parentName ?? '', kind: r.parentKind } : null,
    childrenCount: r.childrenCount,
    completion: {
      tasksDone: r.tasksDone,
      tasksTotal: r.tasksTotal,
      subtasksDone: r.subtasksDone,
      subtasksTotal: r.subtasksTotal,
    },
  };
}

/** The decks and areas the company sees, in the project's tree order. @throws PROJECT_NOT_FOUND */
export async function listAreas(ctx: Ctx, projectId: number): Promise<PortalArea[]> {
  await visibleProject(ctx, projectId);
  const rows = await areasRepo.listDecksAndAreas(ctx.db.orm, ctx.actor, projectId, {});
  return rows.map(toArea);
}

async function visibleArea(ctx: Ctx, projectId: number, areaId: number) {
  const project = await visibleProject(ctx, projectId);
  const area = await areasRepo.findSummary(ctx.db.orm, ctx.actor, projectId, areaId);
  if (!area) throw new AppError('AREA_NOT_FOUND');
  return { project, area };
}

function toTask(r: tasksRepo.TaskRow): PortalTask {
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    subtasksDone: r.subtasksDone,
    subtasksTotal: r.subtasksTotal,
    completedAt: iso(r.completedAt),
  };
}

/** An area (or deck, or sub-area) with its tasks. @throws PROJECT_NOT_FOUND, AREA_NOT_FOUND */
export async function getArea(ctx: Ctx, projectId: number, areaId: number): Promise<PortalAreaDetail> {
  const { project, area } = await visibleArea(ctx, projectId, areaId);
  const tasks = await tasksRepo.listAreaTasks(ctx.db.orm, ctx.actor, projectId, areaId);
  return { ...toArea(area), project: { id: project.id, name: project.name }, tasks: tasks.map(toTask) };
}

/** An area's sub-areas the company sees. @throws PROJECT_NOT_FOUND, AREA_NOT_FOUND */
export async function listSubareas(ctx: Ctx, projectId: number, areaId: number): Promise<PortalArea[]> {
  await visibleArea(ctx, projectId, areaId);
  const rows = await areasRepo.listSubareas(ctx.db.orm, ctx.actor, projectId, areaId);
  return rows.map(toArea);
}

/**
 * The task with its project, when the company sees it. The portal's task paths carry no project:
 * the project is read first (any task id gives only its project id), and the task is then found
 * within the company's scope like everywhere else. @throws TASK_NOT_FOUND
 */
async function visibleTask(ctx: Ctx, taskId: number) {
  const db = ctx.db.orm;
  const projectId = await tasksRepo.projectIdOfTask(db, taskId);
  const project = projectId === null ? null : await projectsRepo.find(db, ctx.actor, projectId);
  const task = project ? await tasksRepo.findTask(db, ctx.actor, project.id, taskId) : null;
  if (!project || !task) throw new AppError('TASK_NOT_FOUND');
  return { project, task };
}

function toSubtask(r: subtasksRepo.SubtaskRow): PortalSubtask {
  return { id: r.id, name: r.name, amount: r.amount, status: r.status, closedAt: iso(r.closedAt) };
}

/** @throws TASK_NOT_FOUND */
export async function getTask(ctx: Ctx, taskId: number): Promise<PortalTaskDetail> {
  const { project, task } = await visibleTask(ctx, taskId);
  const subtasks = await subtasksRepo.listSubtasks(ctx.db.orm, ctx.actor, project.id, taskId);
  return {
    ...toTask(task),
    project: { id: project.id, name: project.name },
    area: { id: task.areaId, number: task.areaNumber, name: task.areaName },
    subtasks: subtasks.map(toSubtask),
  };
}

/** @throws TASK_NOT_FOUND, SUBTASK_NOT_FOUND */
export async function getSubtask(ctx: Ctx, taskId: number, subtaskId: number): Promise<PortalSubtaskDetail> {
  const { project, task } = await visibleTask(ctx, taskId);
  const subtask = await subtasksRepo.findSubtask(ctx.db.orm, ctx.actor, project.id, subtaskId);
  if (!subtask || subtask.taskId !== taskId) throw new AppError('SUBTASK_NOT_FOUND');
  const lines = await subtasksRepo.orderLinesOf(ctx.db.orm, ctx.actor, [subtaskId]);
  const locale = localeOf(ctx);
  return {
    ...toSubtask(subtask),
    project: { id: project.id, name: project.name },
    area: { id: task.areaId, number: task.areaNumber, name: task.areaName },
    task: { id: task.id, name: task.name },
    orderLines: lines.map((l) => ({
      id: l.id,
      kind: l.productId !== null ? 'product' : 'article',
      itemId: l.productId ?? l.articleId ?? 0,
      code: l.sku,
      name: l.productId !== null ? (locale === 'en' && l.nameEn ? l.nameEn : (l.nameNl ?? '')) : (l.articleName ?? ''),
      quantity: l.quantity,
    })),
  };
}

/**
 * The people of the caller's own company who can sign in (or are invited), by name: the portal's
 * users page. Only the portal view asks (the route's access), so the company is always its own.
 */
export async function listUsers(ctx: Ctx): Promise<PortalUser[]> {
  if (ctx.actor.kind !== 'client') throw new AppError('FORBIDDEN');
  return companyUsersRepo.listActive(ctx.db.orm, ctx.actor.companyId);
}
