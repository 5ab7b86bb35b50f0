/**
 * The first segments of the back office's addresses that the portal does not have. An employee
 * acting as a company who opens one (an old tab, a bookmark, a link from a colleague) is told that
 * the page belongs to the back office and offered to stop acting, instead of "page not found".
 * '/settings' and '/users' are not here: the portal has its own (the account page, its company's users). A test checks that every
 * back-office route is covered (route-sets/customer.test.tsx).
 */
export const BACK_OFFICE_PATHS = [
  'companies',
  'catalogue',
  'articles',
  'sync',
  'products',
  'order',
  'attributes',
  'robox',
  'settings/roles',
  'settings/permissions',
  // Projects: the portal's own project pages live under /project/{id}, so /projects stays the back office's.
  'projects',
  'tickets',
  // The planner.
  'planner',
  // Product requests.
  'requests',
  // People and hours. '/users' itself is the portal's too (its company's users), so
  // only what lies below it: an employee's pages, /users/new and /users/expiring.
  'users/:userId',
  'hours',
  'declarations',
  // The fitter's offline screen (issue 28).
  'field',
  'settings/hours',
  // Leave in hours: the specification's singular paths, which redirect to settings/hours.
  'setting/hours',
  'settings/overnights',
  'settings/declarations',
] as const;
