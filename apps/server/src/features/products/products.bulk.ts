import { noBulkParams } from '@app/shared/bulk/bulk';
import { PRODUCT_ATTRIBUTE_KINDS, type ProductAttributeKind } from '@app/shared/products/attributes';
import { productBulkAttributeParams, productBulkPath } from '@app/shared/products/bulk';
import type { ProductDetail, ProductListQuery, ProductSave } from '@app/shared/products/products';
import { productListQuerySchema } from '@app/shared/products/products';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod';
import type { Access } from '../../platform/access';
import { type BulkOutcome, registerBulkAction } from '../../platform/bulk';
import type { Ctx } from '../../platform/context';
import { AppError, pgCode, toAppError } from '../../platform/errors';
import * as repo from './products.repository';
import * as products from './products.service';

// Bulk actions on the products list. Every row goes through the single edit's service:
// publishing, unpublishing and (un)linking an attribute are the editor's save of the product as it
// stands with that one change (same version check, publish right, reference checks, category order,
// audit and history); delete is the single delete. A row refused there is skipped with its code.

/** The editor state of a product, as the editor would send it back unchanged. */
function toSave(d: ProductDetail): ProductSave {
  return {
    version: d.version,
    nameNl: d.nameNl,
    nameEn: d.nameEn,
    descriptionNl: d.descriptionNl,
    descriptionEn: d.descriptionEn,
    published: d.published,
    parentId: d.parent?.id ?? null,
    galleryIds: d.gallery.map((m) => m.id),
    carouselIds: d.carousel.map((m) => m.id),
    tearsheetId: d.tearsheet?.id ?? null,
    headerImageId: d.headerImage?.id ?? null,
    extendedImageId: d.extendedImage?.id ?? null,
    extendedVideoUrl: d.extendedVideoUrl,
    attributeIds: Object.fromEntries(
      PRODUCT_ATTRIBUTE_KINDS.map((k) => [k, d.attributes[k].map((a) => a.id)]),
    ) as ProductSave['attributeIds'],
    roboxMaterialIds: d.roboxMaterials.map((r) => r.id),
    downloads: d.downloads,
    relatedIds: d.related.map((r) => r.id),
    featuredProject: d.featuredProject,
  };
}

/** A database refusal the single route would answer as an AppError (a product on an order line: REFERENCE_IN_USE). */
async function asSingleEdit<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError || pgCode(err) === undefined) throw err;
    const mapped = toAppError(err);
    throw mapped.code === 'INTERNAL' ? err : mapped;
  }
}

/** Saves the product as it stands with one change; 'unchanged' when the change changes nothing. */
async function saveWith(ctx: Ctx, id: number, change: (s: ProductSave) => ProductSave | null): Promise<BulkOutcome> {
  const current = toSave(await products.getProduct(ctx, id));
  const next = change(current);
  if (next === null) return 'unchanged';
  await asSingleEdit(() => products.saveProduct(ctx, id, next));
  return 'changed';
}

/** The product kind of an attribute. @throws ATTRIBUTE_NOT_FOUND (also for a type group, which no product carries) */
async function productKindOf(ctx: Ctx, attributeId: number): Promise<ProductAttributeKind> {
  const kind = (await repo.kindsOf(ctx.db.orm, [attributeId])).get(attributeId);
  if (!kind || !(PRODUCT_ATTRIBUTE_KINDS as readonly string[]).includes(kind)) throw new AppError('ATTRIBUTE_NOT_FOUND');
  return kind as ProductAttributeKind;
}

async function labels(ctx: Ctx, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map((await repo.refs(ctx.db.orm, ids)).map((r) => [r.id, r.nameNl]));
}

export function registerProductBulkActions(app: FastifyInstance, access: Access): void {
  const tags = ['products'];
  const common = {
    access,
    listQuery: productListQuerySchema as unknown as z.ZodType<ProductListQuery>,
    page: (ctx: Ctx, q: ProductListQuery) => products.listProducts(ctx, q).then((p) => ({ rows: p.data })),
    labels,
    tags,
  };

  for (const published of [true, false]) {
    registerBulkAction(app, {
      ...common,
      action: published ? 'products.publish' : 'products.unpublish',
      path: productBulkPath(published ? 'publish' : 'unpublish'),
      params: noBulkParams,
      summary: published
        ? 'Publish the selected products in the inspiration catalogue (needs inspiration-products.manage per row)'
        : 'Take the selected products out of the inspiration catalogue (needs inspiration-products.manage per row)',
      apply: (ctx, id) => saveWith(ctx, id, (s) => (s.published === published ? null : { ...s, published })),
    });
  }

  registerBulkAction(app, {
    ...common,
    action: 'products.add-attribute',
    path: productBulkPath('add-attribute'),
    params: productBulkAttributeParams,
    summary: 'Give the selected products one attribute (any kind: category, area, feature, ...)',
    apply: async (ctx, id, { attributeId }) => {
      const kind = await productKindOf(ctx, attributeId);
      return saveWith(ctx, id, (s) =>
        s.attributeIds[kind].includes(attributeId)
          ? null
          : { ...s, attributeIds: { ...s.attributeIds, [kind]: [...s.attributeIds[kind], attributeId] } },
      );
    },
  });

  registerBulkAction(app, {
    ...common,
    action: 'products.remove-attribute',
    path: productBulkPath('remove-attribute'),
    params: productBulkAttributeParams,
    summary: 'Take one attribute off the selected products',
    apply: async (ctx, id, { attributeId }) => {
      const kind = await productKindOf(ctx, attributeId);
      return saveWith(ctx, id, (s) =>
        s.attributeIds[kind].includes(attributeId)
          ? { ...s, attributeIds: { ...s.attributeIds, [kind]: s.attributeIds[kind].filter((a) => a !== attributeId) } }
          : null,
      );
    },
  });

  registerBulkAction(app, {
    ...common,
    action: 'products.delete',
    path: productBulkPath('delete'),
    params: noBulkParams,
    summary: 'Delete the selected products (as the single delete: children lose their parent; one on an order line is refused)',
    apply: async (ctx, id) => {
      const version = await repo.findVersion(ctx.db.orm, id);
      if (version === null) throw new AppError('PRODUCT_NOT_FOUND');
      await asSingleEdit(() => products.deleteProduct(ctx, id, version));
      return 'changed';
    },
  });
}
