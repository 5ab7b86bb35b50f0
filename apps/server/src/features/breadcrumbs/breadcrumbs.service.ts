import type { BreadcrumbQuery, SlugName } from '@app/shared/breadcrumbs/breadcrumbs';
import type { Ctx } from '../../platform/context';
import { articleTitle } from '../articles/articles.service';
import { companyTitle } from '../companies/companies.service';
import { companyUserTitle } from '../companies/company-users.service';
import { collectiveLeaveTitle } from '../leave/collective.service';
import { orderTitle } from '../orders/orders.service';
import { productTitle } from '../products/products.service';
import { projectTitle } from '../projects/projects.service';
import { roboxCategoryTitle, roboxMaterialTitle } from '../robox/robox.service';
import { employeeTitle } from '../users/employees.service';
import { roleTitle } from '../users/roles.service';
import * as repo from './breadcrumbs.repository';

type Resolver = (ctx: Ctx, id: number) => Promise<string | null>;

/** The longest ticket title a crumb shows: the description, cut with an ellipsis. */
export const TICKET_TITLE_MAX = 60;

/** Cuts a text to `max` characters (whole code points), the last one an ellipsis when it was longer. */
export function shorten(text: string, max: number): string {
  const chars = [...text.trim().replace(/\s+/g, ' ')];
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** One resolver per slug name; each answers only what the actor may see, else null. */
const resolvers: Record<SlugName, Resolver> = {
  companyId: companyTitle,
  clientId: companyUserTitle,
  roleId: roleTitle,
  articleId: articleTitle,
  productId: productTitle,
  roboxMaterialId: roboxMaterialTitle,
  roboxMaterialCategoryId: roboxCategoryTitle,
  projectId: projectTitle,
  areaId: (ctx, id) => repo.areaTitle(ctx.db.orm, ctx.actor, id),
  taskId: (ctx, id) => repo.taskTitle(ctx.db.orm, ctx.actor, id),
  subTaskId: (ctx, id) => repo.subtaskTitle(ctx.db.orm, ctx.actor, id),
  ticketId: async (ctx, id) => {
    const description = await repo.ticketTitle(ctx.db.orm, ctx.actor, id);
    return description === null ? null : shorten(description, TICKET_TITLE_MAX);
  },
  orderlineId: (ctx, id) => repo.orderLineTitle(ctx.db.orm, ctx.actor, id),
  companyProductId: (ctx, id) => repo.companyProductTitle(ctx.db.orm, ctx.actor, id),
  postId: (ctx, id) => repo.postTitle(ctx.db.orm, ctx.actor, id, ctx.clock()),
  orderId: orderTitle,
  drawingId: (ctx, id) => repo.drawingTitle(ctx.db.orm, ctx.actor, id),
  versionId: async (ctx, id) => {
    const n = await repo.drawingVersionNumber(ctx.db.orm, ctx.actor, id);
    return n === null ? null : `v${n}`;
  },
  userId: employeeTitle,
  collectiveLeaveId: collectiveLeaveTitle,
};

/** Titles for the slug params of the page being opened. */
export async function resolveSlugs(ctx: Ctx, q: BreadcrumbQuery): Promise<Record<string, string | null>> {
  const entries = Object.entries(q).filter((e): e is [SlugName, number] => typeof e[1] === 'number');
  const titles = await Promise.all(entries.map(([name, id]) => resolvers[name](ctx, id)));
  return Object.fromEntries(entries.map(([name], i) => [name, titles[i] ?? null]));
}
