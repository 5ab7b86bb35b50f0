import type { AttributeKind } from '@app/shared/products/attributes';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attributes, productAttributes, roboxMaterials } from '../../db/schema';
import { escapeLike } from '../../platform/sql';

export interface AttributeRow {
  id: number;
  kind: AttributeKind;
  nameNl: string;
  nameEn: string;
  typeGroupId: number | null;
  typeGroupNameNl: string | null;
  productsCount: number;
  usesCount: number;
  version: number;
  updatedAt: Date;
}

// Outer columns spelled out: drizzle may print them unqualified inside a subquery, which would bind to the inner table.
/** Products using the attribute; for a type group, the types in it (what keeps it from being deleted). */
const productsCount = sql<number>`(CASE WHEN "attributes"."kind" = 'type-groups'
  THEN (SELECT count(*)::int FROM attributes t WHERE t.type_group_id = "attributes"."id")
  ELSE (SELECT count(*)::int FROM product_attributes pa WHERE pa.attribute_id = "attributes"."id") END)`;
/** Everything that keeps it from being deleted: products, types in the group, Robox materials with it as supplier. */
const usesCount = sql<number>`((SELECT count(*)::int FROM product_attributes pa WHERE pa.attribute_id = "attributes"."id")
  + (SELECT count(*)::int FROM attributes t WHERE t.type_group_id = "attributes"."id")
  + (SELECT count(*)::int FROM robox_materials rm WHERE rm.supplier_id = "attributes"."id"))`;
const typeGroupNameNl = sql<string | null>`(SELECT g.name_nl FROM attributes g WHERE g.id = "attributes"."type_group_id")`;

const columns = {
  id: attributes.id,
  kind: sql<AttributeKind>`${attributes.kind}`,
  nameNl: attributes.nameNl,
  nameEn: attributes.nameEn,
  typeGroupId: attributes.typeGroupId,
  typeGroupNameNl,
  productsCount,
  usesCount,
  version: attributes.version,
  updatedAt: attributes.updatedAt,
};

const sorts: Record<string, SQL> = {
  name: asc(sql`lower(${attributes.nameNl})`),
  '-name': desc(sql`lower(${attributes.nameNl})`),
  products: asc(productsCount),
  '-products': desc(productsCount),
  updated: asc(attributes.updatedAt),
  '-updated': desc(attributes.updatedAt),
};

export async function list(
  db: DbOrTx,
  kind: AttributeKind,
  q: { page: number; perPage: number; q?: string | undefined; sort: string },
): Promise<{ rows: AttributeRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = and(
    eq(attributes.kind, kind),
    term ? or(ilike(attributes.nameNl, term), ilike(attributes.nameEn, term)) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select(columns)
      .from(attributes)
      .where(where)
      .orderBy(sorts[q.sort] ?? asc(sql`lower(${attributes.nameNl})`), asc(attributes.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(attributes).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function countsByKind(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ kind: attributes.kind, n: sql<number>`count(*)::int` })
    .from(attributes)
    .groupBy(attributes.kind);
  return new Map(rows.map((r) => [r.kind, r.n]));
}

export async function options(db: DbOrTx) {
  return db
    .select({
      id: attributes.id,
      kind: sql<AttributeKind>`${attributes.kind}`,
      nameNl: attributes.nameNl,
      nameEn: attributes.nameEn,
      typeGroupId: attributes.typeGroupId,
    })
    .from(attributes)
    .orderBy(asc(attributes.kind), asc(sql`lower(${attributes.nameNl})`), asc(attributes.id));
}

export async function find(db: DbOrTx, kind: AttributeKind, id: number): Promise<AttributeRow | null> {
  const rows = await db
    .select(columns)
    .from(attributes)
    .where(and(eq(attributes.id, id), eq(attributes.kind, kind)));
  return rows[0] ?? null;
}

/** The stored version of an attribute of this kind, locked for the rest of the transaction. */
export async function lockVersion(db: DbOrTx, kind: AttributeKind, id: number): Promise<number | null> {
  const rows = await db
    .select({ v: attributes.version })
    .from(attributes)
    .where(and(eq(attributes.id, id), eq(attributes.kind, kind)))
    .for('update');
  return rows[0]?.v ?? null;
}

export async function nameTaken(db: DbOrTx, kind: AttributeKind, nameNl: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(
      and(
        eq(attributes.kind, kind),
        sql`lower(${attributes.nameNl}) = lower(${nameNl})`,
        exceptId ? sql`${attributes.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.length > 0;
}

/** Which of the ids are attributes of the kind. */
export async function existingOfKind(db: DbOrTx, kind: AttributeKind, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(eq(attributes.kind, kind), inArray(attributes.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export interface AttributeFields {
  nameNl: string;
  nameEn: string;
  typeGroupId: number | null;
}

export async function insert(db: DbOrTx, kind: AttributeKind, input: AttributeFields, now: Date): Promise<number> {
  const rows = await db
    .insert(attributes)
    .values({ kind, ...input, createdAt: now, updatedAt: now })
    .returning({ id: attributes.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** Conditional update (D1): only when the stored version is the one the change was based on. */
export async function update(
  db: DbOrTx,
  kind: AttributeKind,
  id: number,
  version: number,
  input: AttributeFields,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(attributes)
    .set({ ...input, version: sql`${attributes.version} + 1`, updatedAt: now })
    .where(and(eq(attributes.id, id), eq(attributes.kind, kind), eq(attributes.version, version)))
    .returning({ id: attributes.id });
  return rows.length > 0;
}

export async function remove(db: DbOrTx, kind: AttributeKind, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(attributes)
    .where(and(eq(attributes.id, id), eq(attributes.kind, kind), eq(attributes.version, version)))
    .returning({ id: attributes.id });
  return rows.length > 0;
}

/** What keeps an attribute from being deleted: products using it, types in it (groups), robox materials (suppliers). */
export async function usage(db: DbOrTx, id: number): Promise<{ products: number; types: number; roboxMaterials: number }> {
  // One after the other: inside a transaction the statements share one connection.
  const p = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productAttributes)
    .where(eq(productAttributes.attributeId, id));
  const t = await db.select({ n: sql<number>`count(*)::int` }).from(attributes).where(eq(attributes.typeGroupId, id));
  const r = await db.select({ n: sql<number>`count(*)::int` }).from(roboxMaterials).where(eq(roboxMaterials.supplierId, id));
  return { products: p[0]?.n ?? 0, types: t[0]?.n ?? 0, roboxMaterials: r[0]?.n ?? 0 };
}
