import { mediaUrl } from '@app/shared/media/media';
import type { ProductMove, ProductOrder } from '@app/shared/products/products';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { advisoryLock, LOCK_PRODUCT_ORDER, withRetry } from '../../platform/sql';
import * as attributesRepo from './attributes.repository';
import * as repo from './product-order.repository';

async function assertCategory(db: DbOrTx, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  if (!(await attributesRepo.existingOfKind(db, 'categories', [categoryId])).has(categoryId)) {
    throw new AppError('ATTRIBUTE_NOT_FOUND');
  }
}

async function load(db: DbOrTx, categoryId: number | null): Promise<ProductOrder> {
  const rows = await repo.items(db, categoryId);
  return {
    categoryId,
    items: rows.map((r) => ({
      id: r.id,
      nameNl: r.nameNl,
      nameEn: r.nameEn,
      thumbUrl: r.thumbId === null ? null : mediaUrl(r.thumbId, 'thumb'),
      published: r.published,
      position: r.position,
    })),
  };
}

/** The manual order: of all products, or within one category. @throws ATTRIBUTE_NOT_FOUND (not a category) */
export async function getOrder(ctx: Ctx, categoryId: number | null): Promise<ProductOrder> {
  await assertCategory(ctx.db.orm, categoryId);
  return load(ctx.db.orm, categoryId);
}

/**
 * Moves one product to a place in its scope (the overall order or a category's) and answers the
 * new order. One transaction under the scope's lock renumbers the scope to exactly 0..n-1, so
 * concurrent moves from any process leave a permutation (D5). A place past the end means last.
 * @throws ATTRIBUTE_NOT_FOUND (not a category), PRODUCT_NOT_FOUND (not in that scope)
 */
export async function moveProduct(ctx: Ctx, input: ProductMove): Promise<ProductOrder> {
  const categoryId = input.categoryId ?? null;
  return withRetry(() =>
    ctx.db.orm.transaction(async (tx) => {
      await assertCategory(tx, categoryId);
      await advisoryLock(tx, LOCK_PRODUCT_ORDER, categoryId ?? 0);
      const ids = await repo.idsInOrder(tx, categoryId);
      const from = ids.indexOf(input.productId);
      if (from === -1) throw new AppError('PRODUCT_NOT_FOUND');
      const to = Math.min(input.toIndex, ids.length - 1);
      ids.splice(from, 1);
      ids.splice(to, 0, input.productId);
      await repo.writeOrder(tx, categoryId, ids);
      await audit(tx, ctx, 'product.moved', { type: 'product', id: input.productId }, { categoryId, from, to });
      return load(tx, categoryId);
    }),
  );
}
