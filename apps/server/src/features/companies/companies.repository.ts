import type { CompanyBrand, Sector } from '@app/shared/auth/auth';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { logoUrl } from '../../platform/session-store';
import { escapeLike } from '../../platform/sql';

export interface CompanyRow {
  id: number;
  name: string;
  logoMediaId: number | null;
  primaryColor: string;
  secondaryColor: string;
  sector: string;
  city: string | null;
  country: string | null;
  usersCount: number;
  archivedAt: Date | null;
}

// Spelled out: drizzle may print the outer column unqualified inside a subquery, which would bind to cu.
const usersCount = sql<number>`(SELECT count(*)::int FROM company_users cu WHERE cu.company_id = "companies"."id")`;

const brandColumns = {
  id: companies.id,
  name: companies.name,
  logoMediaId: companies.logoMediaId,
  primaryColor: companies.primaryColor,
  secondaryColor: companies.secondaryColor,
  sector: companies.sector,
};
const summaryColumns = {
  ...brandColumns,
  city: companies.city,
  country: companies.country,
  usersCount,
  archivedAt: companies.deletedAt,
};

const sorts: Record<string, SQL> = {
  name: asc(sql`lower(${companies.name})`),
  '-name': desc(sql`lower(${companies.name})`),
  city: asc(sql`lower(${companies.city})`),
  '-city': desc(sql`lower(${companies.city})`),
  users: asc(usersCount),
  '-users': desc(usersCount),
};

/** Every live company by name, for pickers: staff who attach companies to projects see them all. */
export async function options(db: DbOrTx): Promise<{ id: number; name: string; sector: Sector }[]> {
  return db
    .select({ id: companies.id, name: companies.name, sector: sql<Sector>`${companies.sector}` })
    .from(companies)
    .where(isNull(companies.deletedAt))
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id));
}

/** The companies the actor may see, paged: every company for staff with a company right, else only its own. */
export async function list(
  db: DbOrTx,
  actor: Actor,
  q: {
    page: number;
    perPage: number;
    q?: string | undefined;
    sort: string;
    sector?: Sector | undefined;
    tab?: 'active' | 'archived' | undefined;
  },
): Promise<{ rows: CompanyRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = and(
    q.tab === 'archived' ? isNotNull(companies.deletedAt) : isNull(companies.deletedAt),
    scope.company(actor, companies.id),
    term ? or(ilike(companies.name, term), ilike(companies.city, term)) : undefined,
    q.sector ? eq(companies.sector, q.sector) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select(summaryColumns)
      .from(companies)
      .where(where)
      .orderBy(sorts[q.sort] ?? asc(companies.name), asc(companies.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export interface CompanyDetailRow extends CompanyRow {
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  zipcode: string | null;
  version: number;
}

/**
 * One company within the actor's scope, or null (missing and out of scope look the same). An
 * archived company is found only with `archived: true` (staff opening it to restore it); the
 * portal view never has it (its sessions end with the archive).
 */
export async function find(
  db: DbOrTx,
  actor: Actor,
  id: number,
  o: { archived?: boolean; lock?: boolean } = {},
): Promise<CompanyDetailRow | null> {
  const q = db
    .select({
      ...summaryColumns,
      contactPerson: companies.contactPerson,
      email: companies.email,
      phone: companies.phone,
      address: companies.address,
      zipcode: companies.zipcode,
      version: companies.version,
    })
    .from(companies)
    .where(
      and(
        eq(companies.id, id),
        o.archived && actor.kind === 'employee' ? undefined : isNull(companies.deletedAt),
        scope.company(actor, companies.id),
      ),
    );
  const rows = o.lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** A company's brand within the actor's scope, or null. */
export async function findBrand(db: DbOrTx, actor: Actor, id: number): Promise<CompanyBrand | null> {
  const rows = await db
    .select(brandColumns)
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deletedAt), scope.company(actor, companies.id)));
  const r = rows[0];
  return r ? toBrand(r) : null;
}

export function toBrand(
  r: Pick<CompanyRow, 'id' | 'name' | 'logoMediaId' | 'primaryColor' | 'secondaryColor' | 'sector'>,
): CompanyBrand {
  return {
    id: r.id,
    name: r.name,
    logo: logoUrl(r.logoMediaId),
    primaryColor: r.primaryColor,
    secondaryColor: r.secondaryColor,
    sector: r.sector === 'leisure' ? 'leisure' : 'cruise',
  };
}

/** The columns a save writes; empty optional texts are stored as null. */
export interface CompanyFields {
  name: string;
  sector: Sector;
  primaryColor: string;
  secondaryColor: string;
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
}

export async function insert(db: DbOrTx, fields: CompanyFields, now: Date): Promise<number> {
  const rows = await db
    .insert(companies)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .returning({ id: companies.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('company insert returned no id');
  return id;
}

/** Writes the fields when the version still matches. */
export async function update(db: DbOrTx, id: number, version: number, fields: CompanyFields, now: Date): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ ...fields, version: sql`${companies.version} + 1`, updatedAt: now })
    .where(and(eq(companies.id, id), eq(companies.version, version)))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** Archives (a date) or restores (null) when the version still matches. */
export async function setArchived(db: DbOrTx, id: number, version: number, at: Date | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ deletedAt: at, version: sql`${companies.version} + 1`, updatedAt: now })
    .where(and(eq(companies.id, id), eq(companies.version, version)))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** The accounts of the company's users (their sessions end when the company is archived). */
export async function userAccountIds(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await db.execute(
    sql`SELECT a.id FROM accounts a JOIN company_users cu ON cu.id = a.company_user_id WHERE cu.company_id = ${companyId}`,
  );
  return (rows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
}

/** Sets or clears the logo (not a form field: it is saved on its own and does not bump the version). */
export async function setLogo(db: DbOrTx, id: number, mediaId: number | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ logoMediaId: mediaId, updatedAt: now })
    .where(eq(companies.id, id))
    .returning({ id: companies.id });
  return rows.length > 0;
}
