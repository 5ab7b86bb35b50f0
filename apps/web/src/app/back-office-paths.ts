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
  // Projects (issue #8): the portal's own project pages come with the portal issue, which takes 'projects' out again.
  'projects',
  'tickets',
  // The planner (issue 9).
  'planner',
  // Product requests (issue 11).
  'requests',
  // People and hours (issue 12). '/users' itself is the portal's too (its company's users), so
  // only what lies below it: an employee's pages, /users/new and /users/expiring.
  'users/:userId',
  'hours',
  'declarations',
  'settings/hours',
  // Leave in hours (issue 13): the specification's singular paths, which redirect to settings/hours.
  'setting/hours',
  'settings/overnights',
  'settings/declarations',
] as const;
