import type { HistorySubject } from '@app/shared/history/history';
import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import type { ErrorCode } from '@app/shared/platform/errors';
import type { Permission } from '@app/shared/platform/permissions';
import type { PeoplePart } from '@app/shared/users/people.rules';
import { can } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { getArticle } from '../articles/articles.service';
import { getCompany } from '../companies/companies.service';
import { getPost } from '../companies/company-posts.service';
import { getUser } from '../companies/company-users.service';
import { getDeclaration } from '../declarations/declarations.service';
import { getOvernight } from '../declarations/overnights.service';
import { getDrawing } from '../drawings/drawings.service';
import { employeeInReach } from '../hr-documents/hr-records.repository';
import { getCollectiveLeave } from '../leave/collective.service';
import { getLeaveRequest } from '../leave/requests.service';
import { getOrder } from '../orders/orders.service';
import { getAttribute } from '../products/attributes.service';
import { getProduct } from '../products/products.service';
import { getArea } from '../projects/areas.service';
import { getProject } from '../projects/projects.service';
import { getSubtask } from '../projects/subtasks.service';
import { getTask } from '../projects/tasks.service';
import { getCategory, getMaterial } from '../robox/robox.service';
import { getTemplate } from '../templates/templates.service';
import { getTicket } from '../tickets/tickets.service';
import { getRole } from '../users/roles.service';
import { getEmployee } from '../users/users.service';
import * as repo from './history.repository';

/** The rows whose changes make up a record's history: the record itself, and for a person their account. */
export type SubjectKey = readonly [type: string, id: number];

/**
 * How each kind of record is checked before its history is read: the same service call its editor
 * makes (so the same permission and scope, and the same 404 outside them), and which rows' changes
 * belong to it. One entry per kind; a new editor adds one line here and to HISTORY_SUBJECTS.
 */
type Resolver = (ctx: Ctx, id: number) => Promise<SubjectKey[]>;

/** The id in `parent` of the row `id` of `table` (for records whose getter wants their parent), or a 404. */
async function parentOf(ctx: Ctx, table: string, column: string, id: number, notFound: ErrorCode): Promise<number> {
  const p = await repo.columnValue<number>(ctx.db.orm, table, column, id);
  if (p === null) throw new AppError(notFound);
  return Number(p);
}

/** An account's id of an employee or company user: their name, email and language changes are theirs too. */
async function accountOf(ctx: Ctx, column: 'employee_id' | 'company_user_id', id: number): Promise<SubjectKey[]> {
  const ids = await repo.accountIdsOf(ctx.db.orm, column, id);
  return ids.map((accountId) => ['account', accountId] as const);
}

/** A settings record: the right to manage it, and that it exists. */
function setting(table: string, rights: readonly Permission[], notFound: ErrorCode, type: string): Resolver {
  return async (ctx, id) => {
    if (!can(ctx.actor, rights)) throw new AppError('FORBIDDEN');
    await parentOf(ctx, table, 'id', id, notFound);
    return [[type, id]];
  };
}

/** An HR record: in reach when the employee's part is (own record, or the part's rights). */
function hrRecord(table: string, part: PeoplePart, type: string): Resolver {
  return async (ctx, id) => {
    const employeeId = await parentOf(ctx, table, 'employee_id', id, 'NOT_FOUND');
    if (!(await employeeInReach(ctx.db.orm, ctx.actor, employeeId, part))) throw new AppError('NOT_FOUND');
    return [[type, id]];
  };
}

const own =
  (type: string, get: (ctx: Ctx, id: number) => Promise<unknown>): Resolver =>
  async (ctx, id) => {
    await get(ctx, id);
    return [[type, id]];
  };

/**
 * The route that reads each kind of record (its editor's, or the list it is edited in where it has
 * no route of its own). Its declared access is checked before the resolver: a history is readable
 * exactly when the record is. The services the resolvers call scope the record (which project,
 * whose HR file) but leave the permission to the route, so without this a person with no right to
 * roles or the catalogue could read their histories. A query string, where there is one, is
 * part of the read (the route's service checks it); the route's access is looked up without it.
 */
export const HISTORY_READ_ROUTES: Record<HistorySubject, `GET /api/${string}`> = {
  product: 'GET /api/products/:productId',
  article: 'GET /api/articles/:articleId',
  attribute: 'GET /api/attributes/:kind',
  robox_material: 'GET /api/robox/materials/:roboxMaterialId',
  robox_category: 'GET /api/robox/material-categories/:roboxMaterialCategoryId',
  company: 'GET /api/companies/:companyId',
  company_user: 'GET /api/companies/:companyId/users/:clientId',
  company_post: 'GET /api/companies/:companyId/posts/:postId',
  employee: 'GET /api/users/:userId',
  role: 'GET /api/roles/:roleId',
  project: 'GET /api/projects/:projectId',
  area: 'GET /api/projects/:projectId/areas',
  task: 'GET /api/projects/:projectId/tasks/:taskId',
  subtask: 'GET /api/projects/:projectId/subtasks/:subtaskId',
  ticket: 'GET /api/tickets/:ticketId',
  drawing: 'GET /api/projects/:projectId/drawings/:drawingId',
  order: 'GET /api/orders/:orderId',
  template: 'GET /api/templates/:templateId',
  declaration: 'GET /api/declarations/:declarationId',
  overnight: 'GET /api/overnights/:overnightId',
  leave_request: 'GET /api/leave-requests/:leaveRequestId',
  collective_leave: 'GET /api/collective-leaves/:collectiveLeaveId',
  // The settings screen's list, inactive types included (its rights; without ?all=1 any employee reads the active ones).
  leave_type: 'GET /api/leave-types?all=1',
  hour_rule: 'GET /api/hour-rules',
  sick_period: 'GET /api/users/:userId/sick-periods',
  employee_contract: 'GET /api/users/:userId/contracts',
  employee_document: 'GET /api/users/:userId/documents',
};

export const HISTORY_RESOLVERS: Record<HistorySubject, Resolver> = {
  product: own('product', getProduct),
  article: own('article', getArticle),
  attribute: async (ctx, id) => {
    const kind = await repo.columnValue<string>(ctx.db.orm, 'attributes', 'kind', id);
    if (!kind) throw new AppError('ATTRIBUTE_NOT_FOUND');
    await getAttribute(ctx, kind as Parameters<typeof getAttribute>[1], id);
    return [['attribute', id]];
  },
  robox_material: own('robox_material', getMaterial),
  robox_category: own('robox_category', getCategory),
  company: own('company', getCompany),
  company_user: async (ctx, id) => {
    const companyId = await parentOf(ctx, 'company_users', 'company_id', id, 'COMPANY_USER_NOT_FOUND');
    await getUser(ctx, companyId, id);
    return [['company_user', id], ...(await accountOf(ctx, 'company_user_id', id))];
  },
  company_post: async (ctx, id) => {
    const companyId = await parentOf(ctx, 'company_posts', 'company_id', id, 'POST_NOT_FOUND');
    await getPost(ctx, companyId, id);
    return [['company_post', id]];
  },
  employee: async (ctx, id) => {
    await getEmployee(ctx, id);
    return [['employee', id], ...(await accountOf(ctx, 'employee_id', id))];
  },
  role: own('role', getRole),
  project: own('project', getProject),
  area: async (ctx, id) => {
    await getArea(ctx, await parentOf(ctx, 'project_areas', 'project_id', id, 'AREA_NOT_FOUND'), id);
    return [['area', id]];
  },
  task: async (ctx, id) => {
    await getTask(ctx, await parentOf(ctx, 'tasks', 'project_id', id, 'TASK_NOT_FOUND'), id);
    return [['task', id]];
  },
  subtask: async (ctx, id) => {
    await getSubtask(ctx, await parentOf(ctx, 'subtasks', 'project_id', id, 'SUBTASK_NOT_FOUND'), id);
    return [['subtask', id]];
  },
  ticket: own('ticket', (ctx, id) => getTicket(ctx, id)),
  drawing: own('drawing', (ctx, id) => getDrawing(ctx, id)),
  order: own('order', getOrder),
  template: own('template', getTemplate),
  declaration: own('declaration', getDeclaration),
  overnight: own('overnight', getOvernight),
  leave_request: own('leave_request', getLeaveRequest),
  collective_leave: own('collective_leave', getCollectiveLeave),
  leave_type: setting('leave_types', LEAVE_RIGHTS.typesIndex, 'LEAVE_TYPE_NOT_FOUND', 'leave_type'),
  hour_rule: setting('hour_rules', LEAVE_RIGHTS.hourRules, 'HOUR_RULE_NOT_FOUND', 'hour_rule'),
  sick_period: hrRecord('sick_periods', 'leave', 'sick_period'),
  employee_contract: hrRecord('employee_contracts', 'contracts', 'employee_contract'),
  employee_document: hrRecord('employee_documents', 'documents', 'employee_document'),
};
