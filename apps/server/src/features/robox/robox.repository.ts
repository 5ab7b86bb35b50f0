import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, attributes, productRoboxMaterials, roboxMaterialCategories, roboxMaterials } from '../../db/schema';
import { escapeLike } from '../../platform/sql';

// ---- material categories

export interface CategoryRow {
  id: number;
  name: string;
  description: string;
  sortOrder: number;
  materialsCount: number;
  version: number;
  updatedAt: Date;
}

// Outer columns spelled out: drizzle may print them unqualified inside a subquery, which would bind to the inner table.
const materialsCount = sql<number>`(SELECT count(*)::int FROM robox_materials m WHERE m.category_id = "robox_material_categories"."id")`;

const categoryColumns = {
  id: roboxMaterialCategories.id,
  name: roboxMaterialCategories.name,
  description: roboxMaterialCategories.description,
  sortOrder: roboxMaterialCategories.sortOrder,
  materialsCount,
  version: roboxMaterialCategories.version,
  updatedAt: roboxMaterialCategories.updatedAt,
};

const categoryName = sql`lower(${roboxMaterialCategories.name})`;
const categorySorts: Record<string, SQL[]> = {
  order: [asc(roboxMaterialCategories.sortOrder), asc(categoryName)],
  name: [asc(categoryName)],
  '-name': [desc(categoryName)],
  materials: [asc(materialsCount)],
  '-materials': [desc(materialsCount)],
};

export async function listCategories(
  db: DbOrTx,
  q: { page: number; perPage: number; q?: string | undefined; sort: string },
): Promise<{ rows: CategoryRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = term
    ? or(ilike(roboxMaterialCategories.name, term), ilike(roboxMaterialCategories.description, term))
    : undefined;
  const [rows, count] = await Promise.all([
    db
      .select(categoryColumns)
      .from(roboxMaterialCategories)
      .where(where)
      .orderBy(...(categorySorts[q.sort] ?? categorySorts.order ?? []), asc(roboxMaterialCategories.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(roboxMaterialCategories).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findCategory(db: DbOrTx, id: number): Promise<CategoryRow | null> {
  const rows = await db.select(categoryColumns).from(roboxMaterialCategories).where(eq(roboxMaterialCategories.id, id));
  return rows[0] ?? null;
}

export async function lockCategoryVersion(db: DbOrTx, id: number): Promise<number | null> {
  const rows = await db
    .select({ v: roboxMaterialCategories.version })
    .from(roboxMaterialCategories)
    .where(eq(roboxMaterialCategories.id, id))
    .for('update');
  return rows[0]?.v ?? null;
}

export interface CategoryFields {
  name: string;
  description: string;
  sortOrder: number;
}

export async function insertCategory(db: DbOrTx, input: CategoryFields, now: Date): Promise<number> {
  const rows = await db
    .insert(roboxMaterialCategories)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning({ id: roboxMaterialCategories.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

export async function updateCategory(db: DbOrTx, id: number, version: number, input: CategoryFields, now: Date) {
  const rows = await db
    .update(roboxMaterialCategories)
    .set({ ...input, version: sql`${roboxMaterialCategories.version} + 1`, updatedAt: now })
    .where(and(eq(roboxMaterialCategories.id, id), eq(roboxMaterialCategories.version, version)))
    .returning({ id: roboxMaterialCategories.id });
  return rows.length > 0;
}

export async function removeCategory(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(roboxMaterialCategories)
    .where(and(eq(roboxMaterialCategories.id, id), eq(roboxMaterialCategories.version, version)))
    .returning({ id: roboxMaterialCategories.id });
  return rows.length > 0;
}

export async function countMaterialsIn(db: DbOrTx, categoryId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(roboxMaterials)
    .where(eq(roboxMaterials.categoryId, categoryId));
  return rows[0]?.n ?? 0;
}

// ---- materials

export interface MaterialRow {
  id: number;
  name: string;
  code: string;
  categoryId: number | null;
  categoryName: string | null;
  thicknessMm: number | null;
  sheetLengthMm: number | null;
  sheetWidthMm: number | null;
  colourFinish: string;
  supplierId: number | null;
  supplierName: string | null;
  articleId: number | null;
  articleSku: string | null;
  articleName: string | null;
  productsCount: number;
  version: number;
  updatedAt: Date;
}

const productsCount = sql<number>`(SELECT count(*)::int FROM product_robox_materials prm WHERE prm.robox_material_id = "robox_materials"."id")`;

const materialColumns = {
  id: roboxMaterials.id,
  name: roboxMaterials.name,
  code: roboxMaterials.code,
  categoryId: roboxMaterials.categoryId,
  categoryName: roboxMaterialCategories.name,
  thicknessMm: roboxMaterials.thicknessMm,
  sheetLengthMm: roboxMaterials.sheetLengthMm,
  sheetWidthMm: roboxMaterials.sheetWidthMm,
  colourFinish: roboxMaterials.colourFinish,
  supplierId: roboxMaterials.supplierId,
  supplierName: attributes.nameNl,
  articleId: roboxMaterials.articleId,
  articleSku: articles.sku,
  articleName: articles.name,
  productsCount,
  version: roboxMaterials.version,
  updatedAt: roboxMaterials.updatedAt,
};

const materialName = sql`lower(${roboxMaterials.name})`;
const materialSorts: Record<string, SQL> = {
  name: asc(materialName),
  '-name': desc(materialName),
  code: asc(sql`lower(${roboxMaterials.code})`),
  '-code': desc(sql`lower(${roboxMaterials.code})`),
  thickness: sql`${roboxMaterials.thicknessMm} ASC NULLS LAST`,
  '-thickness': sql`${roboxMaterials.thicknessMm} DESC NULLS LAST`,
  updated: asc(roboxMaterials.updatedAt),
  '-updated': desc(roboxMaterials.updatedAt),
};

function materialsSelect(db: DbOrTx) {
  return db
    .select(materialColumns)
    .from(roboxMaterials)
    .leftJoin(roboxMaterialCategories, eq(roboxMaterialCategories.id, roboxMaterials.categoryId))
    .leftJoin(attributes, eq(attributes.id, roboxMaterials.supplierId))
    .leftJoin(articles, eq(articles.id, roboxMaterials.articleId));
}

export interface MaterialListQuery {
  page: number;
  perPage: number;
  q?: string | undefined;
  sort: string;
  categoryId?: number | undefined;
  supplierId?: number | undefined;
  thickness?: number | undefined;
}

export async function listMaterials(db: DbOrTx, q: MaterialListQuery): Promise<{ rows: MaterialRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = and(
    term
      ? or(ilike(roboxMaterials.name, term), ilike(roboxMaterials.code, term), ilike(roboxMaterials.colourFinish, term))
      : undefined,
    q.categoryId !== undefined ? eq(roboxMaterials.categoryId, q.categoryId) : undefined,
    q.supplierId !== undefined ? eq(roboxMaterials.supplierId, q.supplierId) : undefined,
    q.thickness !== undefined ? eq(roboxMaterials.thicknessMm, q.thickness) : undefined,
  );
  const [rows, count] = await Promise.all([
    materialsSelect(db)
      .where(where)
      .orderBy(materialSorts[q.sort] ?? asc(materialName), asc(roboxMaterials.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(roboxMaterials).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findMaterial(db: DbOrTx, id: number): Promise<MaterialRow | null> {
  const rows = await materialsSelect(db).where(eq(roboxMaterials.id, id));
  return rows[0] ?? null;
}

export async function materialOptions(db: DbOrTx) {
  return db
    .select({ id: roboxMaterials.id, name: roboxMaterials.name, code: roboxMaterials.code })
    .from(roboxMaterials)
    .orderBy(asc(materialName), asc(roboxMaterials.id));
}

export async function lockMaterial(db: DbOrTx, id: number): Promise<{ version: number; articleId: number | null } | null> {
  const rows = await db
    .select({ version: roboxMaterials.version, articleId: roboxMaterials.articleId })
    .from(roboxMaterials)
    .where(eq(roboxMaterials.id, id))
    .for('update');
  return rows[0] ?? null;
}

export async function codeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: roboxMaterials.id })
    .from(roboxMaterials)
    .where(
      and(sql`lower(${roboxMaterials.code}) = lower(${code})`, exceptId ? sql`${roboxMaterials.id} <> ${exceptId}` : undefined),
    );
  return rows.length > 0;
}

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: roboxMaterialCategories.id })
    .from(roboxMaterialCategories)
    .where(eq(roboxMaterialCategories.id, id));
  return rows.length > 0;
}

export async function supplierExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(eq(attributes.id, id), eq(attributes.kind, 'suppliers')));
  return rows.length > 0;
}

export async function liveArticleExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, id), isNull(articles.deletedAt)));
  return rows.length > 0;
}

export type MaterialFields = Pick<
  typeof roboxMaterials.$inferInsert,
  'name' | 'code' | 'categoryId' | 'thicknessMm' | 'sheetLengthMm' | 'sheetWidthMm' | 'colourFinish' | 'supplierId' | 'articleId'
>;

export async function insertMaterial(db: DbOrTx, input: MaterialFields, now: Date): Promise<number> {
  const rows = await db
    .insert(roboxMaterials)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning({ id: roboxMaterials.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

export async function updateMaterial(db: DbOrTx, id: number, version: number, input: MaterialFields, now: Date) {
  const rows = await db
    .update(roboxMaterials)
    .set({ ...input, version: sql`${roboxMaterials.version} + 1`, updatedAt: now })
    .where(and(eq(roboxMaterials.id, id), eq(roboxMaterials.version, version)))
    .returning({ id: roboxMaterials.id });
  return rows.length > 0;
}

export async function removeMaterial(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(roboxMaterials)
    .where(and(eq(roboxMaterials.id, id), eq(roboxMaterials.version, version)))
    .returning({ id: roboxMaterials.id });
  return rows.length > 0;
}

export async function countProductsUsing(db: DbOrTx, materialId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productRoboxMaterials)
    .where(eq(productRoboxMaterials.roboxMaterialId, materialId));
  return rows[0]?.n ?? 0;
}
