import { type Page, pageMeta } from '@app/shared/platform/http';
import type {
  RoboxCategory,
  RoboxCategoryInput,
  RoboxCategoryUpdate,
  RoboxMaterial,
  RoboxMaterialInput,
  RoboxMaterialOption,
  RoboxMaterialUpdate,
} from '@app/shared/robox/robox';
import { roboxCategoryAbilities, roboxMaterialAbilities } from '@app/shared/robox/robox.rules';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError, isForeignKeyViolation, pgCode, pgConstraint, raced } from '../../platform/errors';
import * as repo from './robox.repository';

// ---- material categories

function toCategory(r: repo.CategoryRow, ctx: Ctx): RoboxCategory {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    sortOrder: r.sortOrder,
    materialsCount: r.materialsCount,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    abilities: roboxCategoryAbilities(r, viewerOf(ctx.actor)),
  };
}

/** Material categories, paged; 'order' is the sort order, then the name. */
export async function listCategories(
  ctx: Ctx,
  q: { page: number; perPage: number; q?: string | undefined; sort: string },
): Promise<Page<RoboxCategory>> {
  const { rows, total } = await repo.listCategories(ctx.db.orm, q);
  return { data: rows.map((r) => toCategory(r, ctx)), meta: pageMeta(q.page, q.perPage, total) };
}

/** @throws ROBOX_CATEGORY_NOT_FOUND */
export async function getCategory(ctx: Ctx, id: number): Promise<RoboxCategory> {
  const row = await repo.findCategory(ctx.db.orm, id);
  if (!row) throw new AppError('ROBOX_CATEGORY_NOT_FOUND');
  return toCategory(row, ctx);
}

const categoryFields = (input: RoboxCategoryInput): repo.CategoryFields => ({
  name: input.name,
  description: input.description ?? '',
  sortOrder: input.sortOrder ?? 0,
});

export async function createCategory(ctx: Ctx, input: RoboxCategoryInput): Promise<RoboxCategory> {
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    const fields = categoryFields(input);
    const id = await repo.insertCategory(tx, fields, now);
    await audit(tx, ctx, 'robox-category.created', { type: 'robox-category', id }, { name: fields.name });
    return id;
  });
  return getCategory(ctx, id);
}

/** @throws ROBOX_CATEGORY_NOT_FOUND, STALE_VERSION */
export async function updateCategory(ctx: Ctx, id: number, input: RoboxCategoryUpdate): Promise<RoboxCategory> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const fields = categoryFields(input);
    if (!(await repo.updateCategory(tx, id, input.version, fields, now))) {
      throw (await repo.findCategory(tx, id)) ? new AppError('STALE_VERSION') : new AppError('ROBOX_CATEGORY_NOT_FOUND');
    }
    await audit(tx, ctx, 'robox-category.updated', { type: 'robox-category', id }, { name: fields.name });
  });
  return getCategory(ctx, id);
}

/** Deletes a category without materials. @throws ROBOX_CATEGORY_NOT_FOUND, STALE_VERSION, ROBOX_CATEGORY_IN_USE */
export async function deleteCategory(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.lockCategoryVersion(tx, id);
      if (current === null) throw new AppError('ROBOX_CATEGORY_NOT_FOUND');
      if (current !== version) throw new AppError('STALE_VERSION');
      const count = await repo.countMaterialsIn(tx, id);
      assertAbility(roboxCategoryAbilities({ materialsCount: count }, viewerOf(ctx.actor)), 'canDelete', { count });
      await repo.removeCategory(tx, id, version);
      await audit(tx, ctx, 'robox-category.deleted', { type: 'robox-category', id });
    })
    .catch((err) => {
      // A material added after our check (the foreign key restricts).
      if (isForeignKeyViolation(err)) throw new AppError('ROBOX_CATEGORY_IN_USE', { details: { count: 1 } });
      throw err;
    });
}

/** The category's name for a breadcrumb, for those who manage products. */
export async function roboxCategoryTitle(ctx: Ctx, id: number): Promise<string | null> {
  if (!can(ctx.actor, 'products.manage')) return null;
  return (await repo.findCategory(ctx.db.orm, id))?.name ?? null;
}

// ---- materials

function toMaterial(r: repo.MaterialRow, ctx: Ctx): RoboxMaterial {
  return { ...r, updatedAt: r.updatedAt.toISOString(), abilities: roboxMaterialAbilities(r, viewerOf(ctx.actor)) };
}

/** Materials, paged: search on name, code and colour; filters on category, supplier and exact thickness. */
export async function listMaterials(ctx: Ctx, q: repo.MaterialListQuery): Promise<Page<RoboxMaterial>> {
  const { rows, total } = await repo.listMaterials(ctx.db.orm, q);
  return { data: rows.map((r) => toMaterial(r, ctx)), meta: pageMeta(q.page, q.perPage, total) };
}

/** Every material in short, for the product editor. */
export async function materialOptions(ctx: Ctx): Promise<RoboxMaterialOption[]> {
  return repo.materialOptions(ctx.db.orm);
}

/** @throws ROBOX_MATERIAL_NOT_FOUND */
export async function getMaterial(ctx: Ctx, id: number): Promise<RoboxMaterial> {
  const row = await repo.findMaterial(ctx.db.orm, id);
  if (!row) throw new AppError('ROBOX_MATERIAL_NOT_FOUND');
  return toMaterial(row, ctx);
}

/**
 * The references must exist: the category, a supplier from the attribute archive, and a live
 * article (a link kept from before the ERP dropped the article may stay). The code is unique
 * whatever its case.
 */
async function checkMaterial(
  db: DbOrTx,
  input: RoboxMaterialInput,
  current?: { id: number; articleId: number | null },
): Promise<repo.MaterialFields> {
  const errors: Record<string, { code: string }> = {};
  // One after the other: inside a transaction the statements share one connection.
  const category = input.categoryId === null || (await repo.categoryExists(db, input.categoryId));
  const supplier = input.supplierId === null || (await repo.supplierExists(db, input.supplierId));
  const article =
    input.articleId === null || input.articleId === current?.articleId || (await repo.liveArticleExists(db, input.articleId));
  const taken = await repo.codeTaken(db, input.code, current?.id);
  if (!category) errors.categoryId = { code: 'not_found' };
  if (!supplier) errors.supplierId = { code: 'not_found' };
  if (!article) errors.articleId = { code: 'not_found' };
  if (taken) errors.code = { code: 'code_taken' };
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  return {
    name: input.name,
    code: input.code,
    categoryId: input.categoryId,
    thicknessMm: input.thicknessMm,
    sheetLengthMm: input.sheetLengthMm,
    sheetWidthMm: input.sheetWidthMm,
    colourFinish: input.colourFinish ?? '',
    supplierId: input.supplierId,
    articleId: input.articleId,
  };
}

/** Two saves racing for one code both pass the check; the unique index stops the second (D7). */
function codeRace(err: unknown): unknown {
  if (pgCode(err) === '23505' && pgConstraint(err) === 'robox_materials_code_key') return fieldError('code', 'code_taken');
  // A category, supplier or article deleted between our check and the write.
  return raced(err);
}

/** @throws VALIDATION_FAILED (code_taken, not_found) */
export async function createMaterial(ctx: Ctx, input: RoboxMaterialInput): Promise<RoboxMaterial> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const fields = await checkMaterial(tx, input);
      const id = await repo.insertMaterial(tx, fields, now);
      await audit(tx, ctx, 'robox-material.created', { type: 'robox-material', id }, { code: fields.code });
      return id;
    })
    .catch((err) => {
      throw codeRace(err);
    });
  return getMaterial(ctx, id);
}

/** @throws ROBOX_MATERIAL_NOT_FOUND, STALE_VERSION, VALIDATION_FAILED */
export async function updateMaterial(ctx: Ctx, id: number, input: RoboxMaterialUpdate): Promise<RoboxMaterial> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.lockMaterial(tx, id);
      if (!current) throw new AppError('ROBOX_MATERIAL_NOT_FOUND');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      const fields = await checkMaterial(tx, input, { id, articleId: current.articleId });
      if (!(await repo.updateMaterial(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'robox-material.updated', { type: 'robox-material', id }, { code: fields.code });
    })
    .catch((err) => {
      throw codeRace(err);
    });
  return getMaterial(ctx, id);
}

/** Deletes a material no product uses. @throws ROBOX_MATERIAL_NOT_FOUND, STALE_VERSION, ROBOX_MATERIAL_IN_USE */
export async function deleteMaterial(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.lockMaterial(tx, id);
      if (!current) throw new AppError('ROBOX_MATERIAL_NOT_FOUND');
      if (current.version !== version) throw new AppError('STALE_VERSION');
      const count = await repo.countProductsUsing(tx, id);
      assertAbility(roboxMaterialAbilities({ productsCount: count }, viewerOf(ctx.actor)), 'canDelete', { count });
      await repo.removeMaterial(tx, id, version);
      await audit(tx, ctx, 'robox-material.deleted', { type: 'robox-material', id });
    })
    .catch((err) => {
      if (isForeignKeyViolation(err)) throw new AppError('ROBOX_MATERIAL_IN_USE', { details: { count: 1 } });
      throw err;
    });
}

/** The material's name for a breadcrumb, for those who manage products. */
export async function roboxMaterialTitle(ctx: Ctx, id: number): Promise<string | null> {
  if (!can(ctx.actor, 'products.manage')) return null;
  return (await repo.findMaterial(ctx.db.orm, id))?.name ?? null;
}
