import type { OrderEventKind, OrderFileKind, OrderStatus } from '@app/shared/orders/orders.rules';
import type { ApprovalRule } from '@app/shared/platform/approvers.rules';
import type { Locale } from '@app/shared/platform/locale';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { accountNameSql, personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, intArray, query } from '../../platform/sql';
import { waitingForSql } from './approvers.repository';

/**
 * Every query of product requests and orders. Reads and writes AND `scope.order` on the order's
 * company into their WHERE (the table is aliased `o`): staff with companies.manage reach every
 * order, the portal view only its own company's, so another company's order is simply not found.
 */

const inReach = (actor: Actor): SQL => scope.order(actor, sql.raw('o.company_id'));

/** A timestamp as the API writes it (ISO 8601, UTC, milliseconds). */
const iso = (col: SQL | string): SQL =>
  sql`to_char(${typeof col === 'string' ? sql.raw(col) : col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const employeeName = (employeeId: SQL): SQL =>
  sql`(SELECT ${personNameSql('e_m')} FROM employees e_m WHERE e_m.id = ${employeeId})`;

const productName = (locale: Locale) =>
  locale === 'en' ? sql.raw(`coalesce(nullif(p.name_en, ''), p.name_nl)`) : sql.raw('p.name_nl');

/** One event as JSON (the shape of orderEventSchema), `ev` being the order_events row. */
const eventJson = sql`json_build_object(
  'id', ev.id, 'kind', ev.kind, 'comment', ev.comment,
  'versionNumber', (SELECT v_e.number FROM order_versions v_e WHERE v_e.id = ev.version_id),
  'actor', ${accountNameSql(sql.raw('ev.actor_account_id'))},
  'actingEmployee', ${employeeName(sql.raw('ev.acting_employee_id'))},
  'parentId', ev.parent_id,
  'createdAt', ${iso('ev.created_at')})`;

export interface OrderEventRow {
  id: number;
  kind: OrderEventKind;
  comment: string | null;
  versionNumber: number | null;
  actor: string | null;
  actingEmployee: string | null;
  parentId: number | null;
  createdAt: string;
}

export interface OrderRow {
  id: number;
  companyId: number;
  companyName: string;
  title: string;
  description: string;
  productId: number | null;
  productName: string | null;
  productMediaId: number | null;
  newProductTitle: string | null;
  newProductThumbnailMediaId: number | null;
  quantity: number;
  status: OrderStatus;
  declineReason: string | null;
  reorderedFromId: number | null;
  requestedBy: string | null;
  handledById: number | null;
  handledByName: string | null;
  versionCount: number;
  latestEvent: OrderEventRow | null;
  openQuestions: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  projectId: number | null;
  projectName: string | null;
  dueDate: string | null;
  approvalRule: ApprovalRule;
}

/**
 * SQL: how many of the order `o`'s question threads wait for staff: the client's last word in the
 * thread (the question, or a follow-up: an info_requested with the question as parent) has no
 * answer (info_answered) after it.
 */
const openQuestions = sql`(SELECT count(*)::int FROM order_events q_o
  WHERE q_o.order_id = o.id AND q_o.kind = 'info_requested' AND q_o.parent_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM order_events a_o WHERE a_o.parent_id = q_o.id AND a_o.kind = 'info_answered'
      AND a_o.id > (SELECT max(c_o.id) FROM order_events c_o
                     WHERE (c_o.id = q_o.id OR c_o.parent_id = q_o.id) AND c_o.kind = 'info_requested')))`;

function columns(locale: Locale): SQL {
  return sql`o.id, o.company_id AS "companyId", c.name AS "companyName", o.title, o.description,
    p.id AS "productId", CASE WHEN p.id IS NULL THEN NULL ELSE ${productName(locale)} END AS "productName",
    (SELECT pm.media_id FROM product_media pm WHERE pm.product_id = p.id
      ORDER BY pm.role <> 'gallery', pm.position LIMIT 1) AS "productMediaId",
    o.new_product_title AS "newProductTitle", o.new_product_thumbnail_media_id AS "newProductThumbnailMediaId",
    o.quantity, o.status, o.decline_reason AS "declineReason", o.reordered_from_id AS "reorderedFromId",
    ${accountNameSql(sql.raw('o.requested_by'))} AS "requestedBy",
    o.handled_by AS "handledById", CASE WHEN o.handled_by IS NULL THEN NULL ELSE ${employeeName(sql.raw('o.handled_by'))} END AS "handledByName",
    (SELECT count(*)::int FROM order_versions v_c WHERE v_c.order_id = o.id) AS "versionCount",
    (SELECT ${eventJson} FROM order_events ev WHERE ev.order_id = o.id ORDER BY ev.id DESC LIMIT 1) AS "latestEvent",
    ${openQuestions} AS "openQuestions",
    o.version, ${iso('o.created_at')} AS "createdAt", ${iso('o.updated_at')} AS "updatedAt",
    o.project_id AS "projectId", (SELECT pr.name FROM projects pr WHERE pr.id = o.project_id) AS "projectName",
    o.due_date AS "dueDate", o.approval_rule AS "approvalRule"`;
}

const from = sql`FROM orders o JOIN companies c ON c.id = o.company_id LEFT JOIN products p ON p.id = o.product_id`;

const SORTS: Record<string, SQL> = {
  '-updated': sql`o.updated_at DESC, o.id DESC`,
  '-created': sql`o.created_at DESC, o.id DESC`,
  created: sql`o.created_at ASC, o.id ASC`,
  title: sql`lower(o.title) ASC, o.id ASC`,
};

export interface OrderListFilter {
  statuses: readonly OrderStatus[];
  companyId?: number | undefined;
  projectId?: number | undefined;
  /** Only the orders whose design waits for this account (see waitingForSql); null: a viewer who is no approver. */
  waitingFor?: number | null | undefined;
  q?: string | undefined;
  sort: string;
  page: number;
  perPage: number;
}

/** One page of orders in the actor's reach and the total: two statements whatever the page size. */
export async function list(
  db: DbOrTx,
  actor: Actor,
  locale: Locale,
  f: OrderListFilter,
): Promise<{ rows: OrderRow[]; total: number }> {
  const term = f.q ? `%${escapeLike(f.q)}%` : null;
  const statuses = sql`ARRAY[${sql.join(
    f.statuses.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;
  const where = sql`WHERE ${inReach(actor)} AND o.status = ANY(${statuses})
    ${f.companyId === undefined ? sql`` : sql`AND o.company_id = ${f.companyId}`}
    ${f.projectId === undefined ? sql`` : sql`AND o.project_id = ${f.projectId}`}
    ${f.waitingFor === undefined ? sql`` : sql`AND ${waitingForSql(f.waitingFor)}`}
    ${term === null ? sql`` : sql`AND (o.title ILIKE ${term} OR o.new_product_title ILIKE ${term} OR c.name ILIKE ${term} OR p.name_nl ILIKE ${term})`}`;
  const [rows, count] = await Promise.all([
    query<OrderRow>(
      db,
      sql`SELECT ${columns(locale)} ${from} ${where}
          ORDER BY ${SORTS[f.sort] ?? SORTS['-updated']} LIMIT ${f.perPage} OFFSET ${(f.page - 1) * f.perPage}`,
    ),
    query<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from} ${where}`),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** One order in the actor's reach, or null (a missing one and another company's look the same). */
export async function find(db: DbOrTx, actor: Actor, locale: Locale, id: number): Promise<OrderRow | null> {
  const rows = await query<OrderRow>(db, sql`SELECT ${columns(locale)} ${from} WHERE o.id = ${id} AND ${inReach(actor)}`);
  return rows[0] ?? null;
}

/** What the services need of an order to decide and to tell people. */
export interface OrderState {
  id: number;
  companyId: number;
  companyName: string;
  title: string;
  status: OrderStatus;
  version: number;
  productId: number | null;
  newProductTitle: string | null;
  newProductThumbnailMediaId: number | null;
  quantity: number;
  description: string;
  requestedBy: number | null;
  handledBy: number | null;
  approvalRule: ApprovalRule;
}

const stateColumns = sql`o.id, o.company_id AS "companyId", (SELECT c_s.name FROM companies c_s WHERE c_s.id = o.company_id) AS "companyName",
  o.title, o.status, o.version, o.product_id AS "productId", o.new_product_title AS "newProductTitle",
  o.new_product_thumbnail_media_id AS "newProductThumbnailMediaId", o.quantity, o.description,
  o.requested_by AS "requestedBy", o.handled_by AS "handledBy", o.approval_rule AS "approvalRule"`;

/** The order's state in the actor's reach; `lock` holds the row for the change (FOR UPDATE). */
export async function state(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<OrderState | null> {
  const rows = await query<OrderState>(
    db,
    sql`SELECT ${stateColumns} FROM orders o WHERE o.id = ${id} AND ${inReach(actor)} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ?? null;
}

/**
 * The decision itself: ONE conditional UPDATE that moves the order from one of `from` to its new
 * state at the version the caller saw, bumping the version (D3: two people deciding
 * at once get one outcome; the other finds no row). Answers the order's state after it, or null.
 */
/** What a transition sets on the order besides its version and updated_at. */
export interface OrderChange {
  status?: OrderStatus;
  title?: string;
  description?: string;
  quantity?: number;
  handledBy?: number | null;
  /** The catalogue product, when there is one to set (null keeps the order's own). */
  keepOrSetProductId?: number | null;
  declineReason?: string;
  /** The order starts waiting (for the client or for staff) at this moment. */
  waitingSince?: Date;
  /** A new wait: the daily reminder starts over. */
  clearReminder?: boolean;
  projectId?: number | null;
  dueDate?: string | null;
  approvalRule?: ApprovalRule;
}

function setClause(c: OrderChange): SQL {
  const parts: SQL[] = [];
  if (c.status !== undefined) parts.push(sql`status = ${c.status}`);
  if (c.title !== undefined) parts.push(sql`title = ${c.title}`);
  if (c.description !== undefined) parts.push(sql`description = ${c.description}`);
  if (c.quantity !== undefined) parts.push(sql`quantity = ${c.quantity}`);
  if (c.declineReason !== undefined) parts.push(sql`decline_reason = ${c.declineReason}`);
  if (c.handledBy !== undefined) parts.push(sql`handled_by = ${c.handledBy}`);
  if (c.waitingSince !== undefined) parts.push(sql`waiting_since = ${c.waitingSince.toISOString()}::timestamptz`);
  if (c.clearReminder) parts.push(sql`reminded_at = NULL`);
  if (c.projectId !== undefined) parts.push(sql`project_id = ${c.projectId}`);
  if (c.dueDate !== undefined) parts.push(sql`due_date = ${c.dueDate}`);
  if (c.approvalRule !== undefined) parts.push(sql`approval_rule = ${c.approvalRule}`);
  if (c.keepOrSetProductId !== undefined) parts.push(sql`product_id = coalesce(${c.keepOrSetProductId}::int, o.product_id)`);
  return sql.join(parts, sql`, `);
}

/** SQL: the order `o`'s latest version is pending (what a design decision needs). */
const latestVersionPending = sql`AND EXISTS (SELECT 1 FROM order_versions v_l WHERE v_l.order_id = o.id AND v_l.status = 'pending'
  AND v_l.number = (SELECT max(v_m.number) FROM order_versions v_m WHERE v_m.order_id = o.id))`;

/**
 * The one conditional UPDATE of every state change: applies `change` when the order is in reach,
 * still at `version` and in one of the `from` states (and, with `latestVersionPending`, its latest
 * design version waits for a decision). Answers the new state, or null when any of that failed.
 */
export async function transition(
  db: DbOrTx,
  actor: Actor,
  id: number,
  version: number,
  from: readonly OrderStatus[],
  change: OrderChange,
  now: Date,
  o: { latestVersionPending?: boolean } = {},
): Promise<OrderState | null> {
  const rows = await query<OrderState>(
    db,
    sql`UPDATE orders o SET ${setClause(change)}, version = o.version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE o.id = ${id} AND o.version = ${version}
           AND o.status IN (${sql.join(
             from.map((s) => sql`${s}`),
             sql`, `,
           )})
           AND ${inReach(actor)} ${o.latestVersionPending ? latestVersionPending : sql``}
        RETURNING ${stateColumns}`,
  );
  return rows[0] ?? null;
}

/** Touches the order (a file or a question added): updated_at only, the version stays. */
export async function touch(db: DbOrTx, id: number, now: Date): Promise<void> {
  await query(db, sql`UPDATE orders SET updated_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
}

export async function setProduct(db: DbOrTx, id: number, productId: number): Promise<void> {
  await query(db, sql`UPDATE orders SET product_id = ${productId} WHERE id = ${id}`);
}

export interface NewOrder {
  companyId: number;
  title: string;
  description: string;
  quantity: number;
  productId: number | null;
  newProductTitle: string | null;
  newProductThumbnailMediaId: number | null;
  status: OrderStatus;
  requestedBy: number | null;
  handledBy: number | null;
  reorderedFromId: number | null;
  projectId?: number | null;
}

export async function insert(db: DbOrTx, o: NewOrder, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO orders (company_id, title, description, quantity, product_id, new_product_title,
                            new_product_thumbnail_media_id, status, requested_by, handled_by, reordered_from_id, project_id,
                            waiting_since, created_at, updated_at)
        VALUES (${o.companyId}, ${o.title}, ${o.description}, ${o.quantity}, ${o.productId}, ${o.newProductTitle},
                ${o.newProductThumbnailMediaId}, ${o.status}, ${o.requestedBy}, ${o.handledBy}, ${o.reorderedFromId},
                ${o.projectId ?? null},
                ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('orders insert returned no id');
  return Number(id);
}

export async function addEvent(
  db: DbOrTx,
  e: {
    orderId: number;
    kind: OrderEventKind;
    comment?: string | null;
    versionId?: number | null;
    /** An answer or the client's follow-up: the question whose thread it joins. */
    parentId?: number | null;
    actorAccountId: number | null;
    actingEmployeeId: number | null;
  },
  now: Date,
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO order_events (order_id, kind, comment, version_id, parent_id, actor_account_id, acting_employee_id, created_at)
        VALUES (${e.orderId}, ${e.kind}, ${e.comment ?? null}, ${e.versionId ?? null}, ${e.parentId ?? null}, ${e.actorAccountId},
                ${e.actingEmployeeId}, ${now.toISOString()}::timestamptz)`,
  );
}

/** A question (an info_requested event that starts a thread) of this order, with who asked; null for any other event or order. */
export async function question(
  db: DbOrTx,
  orderId: number,
  eventId: number,
): Promise<{ id: number; comment: string | null; askedBy: number | null } | null> {
  const rows = await query<{ id: number; comment: string | null; askedBy: number | null }>(
    db,
    sql`SELECT id, comment, actor_account_id AS "askedBy" FROM order_events
         WHERE id = ${eventId} AND order_id = ${orderId} AND kind = 'info_requested' AND parent_id IS NULL`,
  );
  return rows[0] ?? null;
}

/**
 * The client's words in a question's thread (the question and its follow-ups), oldest first: who
 * wrote each, whether that is an active user of the company, and the text.
 */
export async function threadQuestions(
  db: DbOrTx,
  companyId: number,
  orderId: number,
  questionId: number,
): Promise<{ accountId: number | null; active: boolean; comment: string | null }[]> {
  return query<{ accountId: number | null; active: boolean; comment: string | null }>(
    db,
    sql`SELECT ev.actor_account_id AS "accountId", ev.comment,
               EXISTS (SELECT 1 FROM accounts a JOIN company_users cu ON cu.id = a.company_user_id
                        WHERE a.id = ev.actor_account_id AND a.status = 'active' AND cu.company_id = ${companyId}) AS active
          FROM order_events ev
         WHERE ev.order_id = ${orderId} AND ev.kind = 'info_requested' AND (ev.id = ${questionId} OR ev.parent_id = ${questionId})
         ORDER BY ev.id`,
  );
}

/** Attaches files to the order (a file already on it stays as it was). */
export async function addFiles(
  db: DbOrTx,
  orderId: number,
  fileIds: readonly number[],
  kind: OrderFileKind,
  versionId: number | null,
  now: Date,
): Promise<number> {
  if (fileIds.length === 0) return 0;
  const rows = await query<{ fileId: number }>(
    db,
    sql`INSERT INTO order_files (order_id, file_id, kind, version_id, created_at)
        SELECT ${orderId}, f, ${kind}, ${versionId}, ${now.toISOString()}::timestamptz FROM unnest(${intArray(fileIds)}) AS f
        ON CONFLICT DO NOTHING RETURNING file_id AS "fileId"`,
  );
  return rows.length;
}

export interface VersionRow {
  id: number;
  number: number;
  comment: string;
  previewFileId: number | null;
  status: 'pending' | 'approved' | 'denied';
  decisionComment: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdBy: string | null;
  createdAt: string;
}

/** The order's design versions, newest first. */
export async function versions(db: DbOrTx, orderId: number): Promise<VersionRow[]> {
  return query<VersionRow>(
    db,
    sql`SELECT v.id, v.number, v.comment, v.preview_file_id AS "previewFileId", v.status,
               v.decision_comment AS "decisionComment", ${accountNameSql(sql.raw('v.decided_by'))} AS "decidedBy",
               CASE WHEN v.decided_at IS NULL THEN NULL ELSE ${iso('v.decided_at')} END AS "decidedAt",
               ${accountNameSql(sql.raw('v.created_by'))} AS "createdBy", ${iso('v.created_at')} AS "createdAt"
          FROM order_versions v WHERE v.order_id = ${orderId} ORDER BY v.number DESC`,
  );
}

/** The order's files by kind, oldest first. */
export async function files(
  db: DbOrTx,
  orderId: number,
): Promise<{ fileId: number; kind: OrderFileKind; versionId: number | null }[]> {
  return query(
    db,
    sql`SELECT file_id AS "fileId", kind, version_id AS "versionId" FROM order_files
         WHERE order_id = ${orderId} ORDER BY created_at, file_id`,
  );
}

/** The order's history, oldest first. */
export async function events(db: DbOrTx, orderId: number): Promise<OrderEventRow[]> {
  const rows = await query<{ e: OrderEventRow }>(
    db,
    sql`SELECT ${eventJson} AS e FROM order_events ev WHERE ev.order_id = ${orderId} ORDER BY ev.id`,
  );
  return rows.map((r) => r.e);
}

/** Adds the next design version (the order row is held by the caller's UPDATE). */
export async function insertVersion(
  db: DbOrTx,
  orderId: number,
  v: { comment: string; previewFileId: number; createdBy: number | null },
  now: Date,
): Promise<{ id: number; number: number }> {
  const rows = await query<{ id: number; number: number }>(
    db,
    sql`INSERT INTO order_versions (order_id, number, comment, preview_file_id, status, created_by, created_at)
        SELECT ${orderId}, coalesce(max(number), 0) + 1, ${v.comment}, ${v.previewFileId}, 'pending', ${v.createdBy},
               ${now.toISOString()}::timestamptz
          FROM order_versions WHERE order_id = ${orderId}
        RETURNING id, number`,
  );
  const r = rows[0];
  if (!r) throw new Error('order_versions insert returned nothing');
  return { id: Number(r.id), number: Number(r.number) };
}

/** Decides the pending version once; answers it, or null when none was pending. */
export async function decideVersion(
  db: DbOrTx,
  orderId: number,
  d: { status: 'approved' | 'denied'; comment: string | null; by: number | null },
  now: Date,
): Promise<{ id: number; number: number } | null> {
  const rows = await query<{ id: number; number: number }>(
    db,
    sql`UPDATE order_versions SET status = ${d.status}, decision_comment = ${d.comment}, decided_by = ${d.by},
               decided_at = ${now.toISOString()}::timestamptz
         WHERE order_id = ${orderId} AND status = 'pending' RETURNING id, number`,
  );
  const r = rows[0];
  return r ? { id: Number(r.id), number: Number(r.number) } : null;
}

/** A catalogue product a portal view may order: published, or one of its company's products. */
export async function portalProductExists(db: DbOrTx, companyId: number, productId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT p.id FROM products p WHERE p.id = ${productId}
           AND (p.published OR EXISTS (SELECT 1 FROM company_products cp WHERE cp.product_id = p.id AND cp.company_id = ${companyId}))`,
  );
  return rows.length > 0;
}

export async function productExists(db: DbOrTx, productId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(db, sql`SELECT id FROM products WHERE id = ${productId}`);
  return rows.length > 0;
}

/** A stored image the actor may see (scope.media). */
export async function mediaVisible(db: DbOrTx, actor: Actor, mediaId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT m.id FROM media m WHERE m.id = ${mediaId} AND ${scope.media(actor, sql.raw('m.id'))}`,
  );
  return rows.length > 0;
}

/** The MIME type of a stored file. */
export async function fileMime(db: DbOrTx, fileId: number): Promise<string | null> {
  const rows = await query<{ mime: string }>(db, sql`SELECT mime FROM files WHERE id = ${fileId}`);
  return rows[0]?.mime ?? null;
}

/** An employee who is not deleted. */
export async function liveEmployee(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await query<{ id: number }>(db, sql`SELECT id FROM employees WHERE id = ${id} AND deleted_at IS NULL`);
  return rows.length > 0;
}

/** The active company-user account, when `accountId` is one of the company's. */
export async function activeCompanyAccount(db: DbOrTx, companyId: number, accountId: number | null): Promise<boolean> {
  if (accountId === null) return false;
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT a.id FROM accounts a JOIN company_users cu ON cu.id = a.company_user_id
         WHERE a.id = ${accountId} AND a.status = 'active' AND cu.company_id = ${companyId}`,
  );
  return rows.length > 0;
}

/** Gives the company the product (no project), unless it has it already. */
export async function assignProduct(
  db: DbOrTx,
  companyId: number,
  productId: number,
  createdBy: number | null,
  now: Date,
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO company_products (company_id, product_id, project_id, created_by, created_at, updated_at)
        SELECT ${companyId}, ${productId}, NULL, ${createdBy}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
         WHERE NOT EXISTS (SELECT 1 FROM company_products x
                            WHERE x.company_id = ${companyId} AND x.product_id = ${productId} AND x.project_id IS NULL)
        ON CONFLICT DO NOTHING`,
  );
}

/** The order's title for a breadcrumb, in the actor's reach. */
export async function title(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  const rows = await query<{ title: string }>(db, sql`SELECT o.title FROM orders o WHERE o.id = ${id} AND ${inReach(actor)}`);
  return rows[0]?.title ?? null;
}

/**
 * True when the project may be named on an order of the company: for the portal view one of the
 * projects it sees (scope.project), for staff a live project the company is attached to.
 */
export async function projectAllowed(db: DbOrTx, actor: Actor, companyId: number, projectId: number): Promise<boolean> {
  const rows = await query<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM projects p JOIN project_companies pc ON pc.project_id = p.id AND pc.company_id = ${companyId}
         WHERE p.id = ${projectId} AND p.deleted_at IS NULL AND ${actor.kind === 'client' ? scope.project(actor, sql.raw('p.id')) : sql`true`}`,
  );
  return rows.length > 0;
}
