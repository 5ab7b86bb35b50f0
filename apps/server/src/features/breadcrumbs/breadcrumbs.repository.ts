import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';

/**
 * Titles of the records inside projects, each read through the actor's scope: the project must
 * be visible (and, for the portal view, not deleted) and the record inside the actor's areas
 * (scope.area). Anything else is null, exactly like a missing id.
 */

/** The project `p` is visible to the actor: in scope, and never deleted for the portal view. */
function projectVisible(actor: Actor): SQL {
  const inScope = scope.project(actor, sql.raw('p.id'));
  return actor.kind === 'client' ? sql`(${inScope} AND p.deleted_at IS NULL)` : inScope;
}

async function one(db: DbOrTx, q: SQL): Promise<string | null> {
  const rows = await query<{ title: string | null }>(db, q);
  return rows[0]?.title ?? null;
}

/** A deck, area or sub-area as the web app names it (area-label.ts): "A12 · Spa", or the name alone when it has no number or already holds it ("Deck 5"). */
export function areaTitle(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  return one(
    db,
    sql`SELECT CASE WHEN a.number = '' OR strpos(a.name, a.number) > 0 THEN a.name ELSE a.number || ' · ' || a.name END AS title
          FROM project_areas a JOIN projects p ON p.id = a.project_id
         WHERE a.id = ${id} AND ${projectVisible(actor)} AND ${scope.area(actor, sql.raw('a.project_id'), sql.raw('a.id'))}`,
  );
}

/** A task's name. */
export function taskTitle(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  return one(
    db,
    sql`SELECT t.name AS title
          FROM tasks t JOIN projects p ON p.id = t.project_id
         WHERE t.id = ${id} AND ${projectVisible(actor)} AND ${scope.area(actor, sql.raw('t.project_id'), sql.raw('t.area_id'))}`,
  );
}

/** A sub-task's name (its scope is its task's area). */
export function subtaskTitle(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  return one(
    db,
    sql`SELECT s.name AS title
          FROM subtasks s JOIN tasks t ON t.id = s.task_id JOIN projects p ON p.id = t.project_id
         WHERE s.id = ${id} AND ${projectVisible(actor)} AND ${scope.area(actor, sql.raw('t.project_id'), sql.raw('t.area_id'))}`,
  );
}

/** A ticket's description (the caller shortens it): a ticket on a task is scoped by the task's area. */
export function ticketTitle(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  return one(
    db,
    sql`SELECT tk.description AS title
          FROM tickets tk JOIN projects p ON p.id = tk.project_id LEFT JOIN tasks t ON t.id = tk.task_id
         WHERE tk.id = ${id} AND ${projectVisible(actor)}
           AND (tk.task_id IS NULL OR ${scope.area(actor, sql.raw('t.project_id'), sql.raw('t.area_id'))})`,
  );
}

/** An order line as its item's name (the product's in the actor's language, or the article's), scoped by its task's area. */
export function orderLineTitle(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  const productName =
    actor.kind !== 'anonymous' && actor.locale === 'en' ? sql`coalesce(nullif(pr.name_en, ''), pr.name_nl)` : sql`pr.name_nl`;
  return one(
    db,
    sql`SELECT coalesce(${productName}, ar.name) AS title
          FROM order_lines ol JOIN subtasks s ON s.id = ol.subtask_id JOIN tasks t ON t.id = s.task_id
          JOIN projects p ON p.id = t.project_id
          LEFT JOIN products pr ON pr.id = ol.product_id LEFT JOIN articles ar ON ar.id = ol.article_id
         WHERE ol.id = ${id} AND ${projectVisible(actor)} AND ${scope.area(actor, sql.raw('t.project_id'), sql.raw('t.area_id'))}`,
  );
}

/** A company product as its product's name, through scope.companyProduct. */
export function companyProductTitle(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  const productName =
    actor.kind !== 'anonymous' && actor.locale === 'en' ? sql`coalesce(nullif(pr.name_en, ''), pr.name_nl)` : sql`pr.name_nl`;
  return one(
    db,
    sql`SELECT ${productName} AS title FROM company_products cp JOIN products pr ON pr.id = cp.product_id
         WHERE cp.id = ${id} AND ${scope.companyProduct(actor, 'cp')}`,
  );
}

/** A news post's title, through scope.companyPost (the portal: published, its time come, own company). */
export function postTitle(db: DbOrTx, actor: Actor, id: number, now: Date): Promise<string | null> {
  return one(
    db,
    sql`SELECT cp.title FROM company_posts cp
         WHERE cp.id = ${id} AND ${scope.companyPost(actor, sql.raw('cp.company_id'), sql.raw('cp.status'), sql.raw('cp.publish_at'), now)}`,
  );
}

/** A drawing's name, through scope.drawing (never a deleted drawing). */
export function drawingTitle(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  return one(
    db,
    sql`SELECT d.name AS title FROM drawings d
         WHERE d.id = ${id} AND d.deleted_at IS NULL
           AND ${scope.drawing(actor, sql.raw('d.project_id'), sql.raw('d.company_id'), sql.raw('d.deleted_at'), sql.raw('d.area_id'))}`,
  );
}

/** A drawing version's number (the crumb reads "v3"), through its drawing's scope. */
export async function drawingVersionNumber(db: DbOrTx, actor: Actor, id: number): Promise<number | null> {
  const rows = await query<{ n: number }>(
    db,
    sql`SELECT v.number AS n FROM drawing_versions v JOIN drawings d ON d.id = v.drawing_id
         WHERE v.id = ${id} AND d.deleted_at IS NULL
           AND ${scope.drawing(actor, sql.raw('d.project_id'), sql.raw('d.company_id'), sql.raw('d.deleted_at'), sql.raw('d.area_id'))}`,
  );
  return rows[0] ? Number(rows[0].n) : null;
}
