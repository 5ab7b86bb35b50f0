import type { FastifyPluginAsync } from 'fastify';
import { analyticsFeature } from './analytics/analytics.plugin';
import { articlesFeature } from './articles/articles.plugin';
import { authFeature } from './auth/auth.plugin';
import { breadcrumbsFeature } from './breadcrumbs/breadcrumbs.plugin';
import { budgetsFeature } from './budgets/budgets.plugin';
import { bulkFeature } from './bulk/bulk.plugin';
import { companiesFeature } from './companies/companies.plugin';
import { declarationsFeature } from './declarations/declarations.plugin';
import { drawingsFeature } from './drawings/drawings.plugin';
import { exportsFeature } from './exports/exports.plugin';
import { filesFeature } from './files/files.plugin';
import { healthFeature } from './health/health.plugin';
import { historyFeature } from './history/history.plugin';
import { hoursFeature } from './hours/hours.plugin';
import { hrDocumentsFeature } from './hr-documents/hr-documents.plugin';
import { leaveFeature } from './leave/leave.plugin';
import { mediaFeature } from './media/media.plugin';
import { notificationsFeature } from './notifications/notifications.plugin';
import { ordersFeature } from './orders/orders.plugin';
import { plannerFeature } from './planner/planner.plugin';
import { portalFeature } from './portal/portal.plugin';
import { productsFeature } from './products/products.plugin';
import { projectArticlesFeature } from './project-articles/project-articles.plugin';
import { projectsFeature } from './projects/projects.plugin';
import { roboxFeature } from './robox/robox.plugin';
import { searchFeature } from './search/search.plugin';
import { taskListFeature } from './task-list/task-list.plugin';
import { templatesFeature } from './templates/templates.plugin';
import { ticketsFeature } from './tickets/tickets.plugin';
import { timelineFeature } from './timeline/timeline.plugin';
import { usersFeature } from './users/users.plugin';

/**
 * Every feature, as app.ts registers it: each one's plugin (features/<f>/<f>.plugin.ts) registers
 * its routes and its background jobs. A new feature adds its plugin here.
 */
export const FEATURES: readonly FastifyPluginAsync[] = [
  healthFeature,
  authFeature,
  usersFeature,
  analyticsFeature,
  companiesFeature,
  portalFeature,
  notificationsFeature,
  breadcrumbsFeature,
  searchFeature,
  historyFeature,
  bulkFeature,
  mediaFeature,
  articlesFeature,
  productsFeature,
  roboxFeature,
  filesFeature,
  projectsFeature,
  ticketsFeature,
  templatesFeature,
  projectArticlesFeature,
  budgetsFeature,
  timelineFeature,
  taskListFeature,
  plannerFeature,
  drawingsFeature,
  ordersFeature,
  hoursFeature,
  declarationsFeature,
  leaveFeature,
  hrDocumentsFeature,
  exportsFeature,
];
