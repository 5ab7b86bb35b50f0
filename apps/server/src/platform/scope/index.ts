import { companyScopes } from './companies';
import { fileScopes } from './files';
import { mediaScopes } from './media';
import { peopleScopes } from './people';
import { projectScopes } from './projects';

export { attachedSql } from './files';
export { mediaInUseSql, publishedMedia } from './media';

/**
 * The one place that turns an actor into SQL scope, per aggregate. A repository that reads or
 * writes company data takes the actor and ANDs the aggregate's scope into its WHERE clause, so a
 * row outside the actor's reach is simply not found: the service answers 404 with the same body
 * as for a missing id, and no second check in code can be forgotten (Z2, Z5).
 *
 * ```ts
 * const rows = await db.select().from(companies).where(and(eq(companies.id, id), scope.company(actor, companies.id)));
 * ```
 *
 * Staff see an aggregate when they hold one of its rights (rights.ts); a portal view (a company
 * user, or an employee acting as the company) sees only what belongs to its own company: a project
 * through the company's attached projects, an area through the company's allowed areas. Each
 * aggregate has its file here: companies.ts (companies, orders, company products, company news),
 * projects.ts (projects, areas, drawings), files.ts, media.ts, people.ts (employees' HR records,
 * planner entries). A new aggregate adds its function to the file of its kind, or a file of its
 * own spread in below.
 */
export const scope = {
  ...companyScopes,
  ...projectScopes,
  ...fileScopes,
  ...mediaScopes,
  ...peopleScopes,
} as const;
