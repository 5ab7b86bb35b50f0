/**
 * Route names of the web app, as the specification names them. The server uses them only for
 * analytics (route_name); the web app declares each route with one of these.
 */
export const ROUTE_NAMES = [
  // guest
  'login',
  'reset-password',
  'new-password',
  'create-password',
  // shared
  'home',
  'not-found',
  // customer: a back-office address opened while acting as a company
  'back-office',
  'products',
  'show-inspiration-product',
  'settings',
  // customer: the portal's pages (spec section 2, 'Customer area')
  'project-areas.index',
  'project-areas.single',
  'project-area-subareas.index',
  'task.show',
  'subtask.show',
  'company-products.index',
  'project-orderlines.show',
  'product-files.index',
  'product-files.show',
  'news.index',
  'news.show',
  'notifications.index',
  'portal-users.index',
  // employee
  'archive-companies',
  'company.details',
  'company.create',
  // inside one company
  'company.users',
  'company.user.create',
  'company.user.details',
  'company.permissions',
  'company.products',
  'company.posts',
  'company.post.create',
  'company.post.details',
  'company.analytics',
  'settings.index',
  'roles.index',
  'roles.create',
  'roles.edit',
  'permissions.index',
  // catalogue
  'catalogue.index',
  'articles.index',
  'articles.show',
  'articles.sync',
  'articles.products-index',
  'products.edit',
  'product.attributes',
  'attributes.archive',
  'product.order',
  'archive-robox-material',
  'robox-material.create',
  'robox-material.edit',
  'archive-robox-material-category',
  'robox-material-category.create',
  'robox-material-category.edit',
  // projects: the list, the editor, one project's pages, tickets
  'projects.index',
  'projects.create',
  'projects.show',
  'projects.details',
  'projects.feed',
  // the project's timeline
  'projects.timeline',
  // templates, saved from and applied to a project
  'projects.templates',
  // the articles and products on a project's order lines
  'project-articles.index',
  'projects.tickets',
  'projects.ticket',
  'tickets.index',
  'tickets.show',
  // projects: the task editor and sub-task editor (drawers on the area page), the project's task list
  'projects.task',
  'projects.subtask',
  'projects.tasks',
  // projects: the areas list, one deck/area/sub-area with its floor plan, its sub-areas
  'projects.areas',
  'projects.area',
  'projects.subareas',
  // the printable assembly list
  'project-tasks.print',
  // the planner (who works on which project when)
  'planner',
  // the drawings approval module (back office under a project; the portal's own pages)
  'projects.drawings',
  'projects.drawings.create',
  'projects.drawing',
  'projects.drawing-version',
  'drawings.index',
  'drawings.show',
  'drawing-versions.show',
  // product requests and orders (portal orders/*, back office requests/*)
  'orders.index',
  'orders.create',
  'orders.show',
  'requests.index',
  'requests.show',
  // people and hours
  'users.index',
  'users.create',
  'users.expiring',
  'users.show',
  'users.schedule',
  'users.show-hours',
  'users.show-declarations',
  'users.show-overnights',
  'users.documents',
  'users.contracts',
  'users.mobile-settings',
  'hours.mine',
  'declarations.index',
  'hours.index',
  'projects.hours',
  'settings.export-hours',
  'settings.export-overnights',
  'settings.declarations',
  // leave in hours
  'users.leave-card',
  'users.archive-leave',
  'leave-types',
  'collective-leave',
  'collective-leave.create',
  'collective-leave.show',
  'hour-rules',
] as const;

export type RouteName = (typeof ROUTE_NAMES)[number];
