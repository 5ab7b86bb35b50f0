import type { CompanyBrand, Sector } from '@app/shared/auth/auth';
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { logoUrl } from '../../platform/session-store';
import { escapeLike } from '../../platform/sql';

export interface CompanyRow {
  id: number;
  name: string;
  logoPath: string | null;
  primaryColor: string;
  secondaryColor: string;
  sector: string;
  city: string | null;
  country: string | null;
  usersCount: number;
}

// Spelled out: drizzle may print the outer column unqualified inside a subquery, which would bind to cu.
const usersCount = sql<number>`(SELECT count(*)::int FROM company_users cu WHERE cu.company_id = "companies"."id")`;

const brandColumns = {
  id: companies.id,
  name: companies.name,
  logoPath: companies.logoPath,
  primaryColor: companies.primaryColor,
  secondaryColor: companies.secondaryColor,
  sector: companies.sector,
};
const summaryColumns = { ...brandColumns, city: companies.city, country: companies.country, usersCount };

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
  q: { page: number; perPage: number; q?: string | undefined; sort: string; sector?: Sector | undefined },
): Promise<{ rows: CompanyRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = and(
    isNull(companies.deletedAt),
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

/** One company within the actor's scope, or null (missing and out of scope look the same). */
export async function find(db: DbOrTx, actor: Actor, id: number): Promise<CompanyDetailRow | null> {
  const rows = await db
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
    .where(and(eq(companies.id, id), isNull(companies.deletedAt), scope.company(actor, companies.id)));
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
  r: Pick<CompanyRow, 'id' | 'name' | 'logoPath' | 'primaryColor' | 'secondaryColor' | 'sector'>,
): CompanyBrand {
  return {
    id: r.id,
    name: r.name,
    logo: logoUrl(r.id, r.logoPath),
    primaryColor: r.primaryColor,
    secondaryColor: r.secondaryColor,
    sector: r.sector === 'leisure' ? 'leisure' : 'cruise',
  };
}
