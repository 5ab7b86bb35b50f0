import { mediaUrl } from '@app/shared/media/media';
import type { Viewer } from '@app/shared/platform/abilities';
import { type Page, pageMeta } from '@app/shared/platform/http';
import { type AttributeRef, PRODUCT_ATTRIBUTE_KINDS, type ProductAttributeKind } from '@app/shared/products/attributes';
import {
  type Download,
  type FeaturedProject,
  type ProductCreate,
  type ProductDetail,
  type ProductListItem,
  type ProductListQuery,
  type ProductSave,
  slugify,
} from '@app/shared/products/products';
import { productAbilities } from '@app/shared/products/products.rules';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, pgCode, pgConstraint } from '../../platform/errors';
import { advisoryLock, LOCK_PRODUCT_ORDER, LOCK_PRODUCT_SLUG, withRetry } from '../../platform/sql';
import { mediaByIds } from '../media/media.service';
import * as repo from './products.repository';

const OVERALL = 0;

/** Products overview for staff: searched, filtered per attribute kind, paged. */
export async function listProducts(ctx: Ctx, q: ProductListQuery): Promise<Page<ProductListItem>> {
  const { rows, total } = await repo.list(ctx.db.orm, q);
  const categories = await repo.attributesOf(
    ctx.db.orm,
    rows.map((r) => r.id),
    ['categories'],
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      nameNl: r.nameNl,
      nameEn: r.nameEn,
      published: r.published,
      thumbUrl: r.thumbId === null ? null : mediaUrl(r.thumbId, 'thumb'),
      articleId: r.articleId,
      articleSku: r.articleSku,
      articleRemoved: r.articleRemoved,
      categories: categories.get(r.id) ?? [],
      updatedAt: r.updatedAt.toISOString(),
      completeness: r.completeness,
    })),
    meta: pageMeta(q.page, q.perPage, total),
  };
}

function toRef(r: repo.ProductRefRow) {
  return { id: r.id, nameNl: r.nameNl, nameEn: r.nameEn, thumbUrl: r.thumbId === null ? null : mediaUrl(r.thumbId, 'thumb') };
}

async function loadDetail(db: DbOrTx, viewer: Viewer, id: number): Promise<ProductDetail | null> {
  const p = await repo.find(db, id);
  if (!p) return null;
  const [mediaIds, attrs, robox, related, parent] = await Promise.all([
    repo.mediaIdsOf(db, id),
    repo.attributesOf(db, [id]),
    repo.roboxOf(db, id),
    repo.relatedOf(db, id),
    p.parentId === null ? Promise.resolve([]) : repo.refs(db, [p.parentId]),
  ]);
  const single = [p.tearsheetMediaId, p.headerMediaId, p.extendedMediaId].filter((x): x is number => x !== null);
  const all = await mediaByIds(db, [...mediaIds.gallery, ...mediaIds.carousel, ...single]);
  const byId = new Map(all.map((m) => [m.id, m]));
  const pick = (ids: number[]) => ids.flatMap((i) => byId.get(i) ?? []);
  const one = (i: number | null) => (i === null ? null : (byId.get(i) ?? null));
  const grouped = Object.fromEntries(PRODUCT_ATTRIBUTE_KINDS.map((k) => [k, [] as AttributeRef[]])) as Record<
    ProductAttributeKind,
    AttributeRef[]
  >;
  for (const a of attrs.get(id) ?? []) grouped[a.kind as ProductAttributeKind]?.push(a);
  return {
    id: p.id,
    slug: p.slug,
    version: p.version,
    article:
      p.articleId === null
        ? null
        : {
            id: p.articleId,
            sku: p.articleSku ?? '',
            name: p.articleName ?? '',
            removedAt: p.articleDeletedAt?.toISOString() ?? null,
          },
    parent: parent[0] ? toRef(parent[0]) : null,
    nameNl: p.nameNl,
    nameEn: p.nameEn,
    descriptionNl: p.descriptionNl,
    descriptionEn: p.descriptionEn,
    published: p.published,
    publishedAt: p.publishedAt?.toISOString() ?? null,
    gallery: pick(mediaIds.gallery),
    carousel: pick(mediaIds.carousel),
    tearsheet: one(p.tearsheetMediaId),
    headerImage: one(p.headerMediaId),
    extendedImage: one(p.extendedMediaId),
    extendedVideoUrl: p.extendedVideoUrl,
    attributes: grouped,
    roboxMaterials: robox,
    downloads: (p.downloads as Download[] | null) ?? [],
    related: related.map(toRef),
    featuredProject: (p.featuredProject as FeaturedProject | null) ?? null,
    updatedAt: p.updatedAt.toISOString(),
    abilities: productAbilities(viewer),
  };
}

/** Everything the product editor shows. @throws PRODUCT_NOT_FOUND */
export async function getProduct(ctx: Ctx, id: number): Promise<ProductDetail> {
  const detail = await loadDetail(ctx.db.orm, viewerOf(ctx.actor), id);
  if (!detail) throw new AppError('PRODUCT_NOT_FOUND');
  return detail;
}

/** 'base', or 'base-2', 'base-3', ... : the first one no other product has (the caller holds the slug lock). */
async function uniqueSlug(db: DbOrTx, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name);
  const taken = await repo.slugsLike(db, base, exceptId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A new product, at the end of the overall order: from an ERP article (its name becomes the Dutch
 * name) or from scratch. @throws ARTICLE_NOT_FOUND, PRODUCT_EXISTS_FOR_ARTICLE
 */
export async function createProduct(ctx: Ctx, input: ProductCreate): Promise<ProductDetail> {
  const now = ctx.clock();
  const articleId = 'articleId' in input ? input.articleId : null;
  const exists = async (db: DbOrTx) => {
    const productId = articleId === null ? null : await repo.productIdForArticle(db, articleId);
    return productId === null ? null : new AppError('PRODUCT_EXISTS_FOR_ARTICLE', { details: { productId } });
  };
  const id = await withRetry(() =>
    ctx.db.orm.transaction(async (tx) => {
      let nameNl: string;
      let nameEn = '';
      let descriptionNl = '';
      if (articleId !== null) {
        const article = await repo.findArticle(tx, articleId);
        if (!article) throw new AppError('ARTICLE_NOT_FOUND');
        const dup = await exists(tx);
        if (dup) throw dup;
        nameNl = article.name.trim().slice(0, 200) || article.name;
        // The ERP's description is a starting text for the Dutch one; staff edit it from there.
        descriptionNl = (article.description ?? '').trim().slice(0, 20_000);
      } else {
        nameNl = 'nameNl' in input ? input.nameNl : '';
        nameEn = 'nameEn' in input ? (input.nameEn ?? '') : '';
      }
      await advisoryLock(tx, LOCK_PRODUCT_ORDER, OVERALL);
      await advisoryLock(tx, LOCK_PRODUCT_SLUG, 0);
      const slug = await uniqueSlug(tx, nameNl);
      const sortOrder = await repo.nextSortOrder(tx);
      const id = await repo.insert(tx, { nameNl, nameEn, descriptionNl, slug, articleId, sortOrder }, now);
      await audit(tx, ctx, 'product.created', { type: 'product', id }, { articleId, slug });
      return id;
    }),
  ).catch(async (err) => {
    // Two creates for one article at once: the unique index stops the second.
    if (pgCode(err) === '23505' && pgConstraint(err) === 'products_article_id_key') throw (await exists(ctx.db.orm)) ?? err;
    throw err;
  });
  return getProduct(ctx, id);
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** Every referenced id must exist and be of the right kind; the first problem per field is reported (400). */
async function validateReferences(db: DbOrTx, id: number, input: ProductSave): Promise<void> {
  const errors: Record<string, { code: string }> = {};
  const mediaIds = unique([
    ...input.galleryIds,
    ...input.carouselIds,
    ...[input.tearsheetId, input.headerImageId, input.extendedImageId].filter((x): x is number => x !== null),
  ]);
  const attributeIds = unique(PRODUCT_ATTRIBUTE_KINDS.flatMap((k) => input.attributeIds[k]));
  const productIds = unique([...input.relatedIds, ...(input.parentId === null ? [] : [input.parentId])]);
  // One after the other: inside a transaction the statements share one connection.
  const media = await repo.existingMedia(db, mediaIds);
  const kinds = await repo.kindsOf(db, attributeIds);
  const prods = await repo.existingProducts(db, productIds);
  const robox = await repo.existingRobox(db, input.roboxMaterialIds);
  const each = (field: string, ids: readonly number[], ok: (x: number) => boolean) => {
    const i = ids.findIndex((x) => !ok(x));
    if (i !== -1) errors[`${field}.${i}`] ??= { code: 'not_found' };
  };
  each('galleryIds', input.galleryIds, (x) => media.has(x));
  each('carouselIds', input.carouselIds, (x) => media.has(x));
  for (const f of ['tearsheetId', 'headerImageId', 'extendedImageId'] as const) {
    const v = input[f];
    if (v !== null && !media.has(v)) errors[f] = { code: 'not_found' };
  }
  for (const k of PRODUCT_ATTRIBUTE_KINDS) each(`attributeIds.${k}`, input.attributeIds[k], (x) => kinds.get(x) === k);
  each('roboxMaterialIds', input.roboxMaterialIds, (x) => robox.has(x));
  const self = input.relatedIds.indexOf(id);
  if (self !== -1) errors[`relatedIds.${self}`] = { code: 'self_reference' };
  each('relatedIds', input.relatedIds, (x) => x === id || prods.has(x));
  if (input.parentId !== null) {
    if (input.parentId === id) errors.parentId = { code: 'parent_cycle' };
    else if (!prods.has(input.parentId)) errors.parentId = { code: 'not_found' };
    else if ((await repo.ancestorIds(db, input.parentId)).includes(id)) errors.parentId = { code: 'parent_cycle' };
  }
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
}

/**
 * Saves the whole editor state in one transaction at the version the editor loaded (D1, D2).
 * Publishing or unpublishing needs inspiration-products.manage. The slug follows the Dutch name;
 * the category orders follow the categories (new ones at the end, dropped ones closed up).
 * @throws PRODUCT_NOT_FOUND, STALE_VERSION, FORBIDDEN, VALIDATION_FAILED
 */
export async function saveProduct(ctx: Ctx, id: number, input: ProductSave): Promise<ProductDetail> {
  const now = ctx.clock();
  await withRetry(() =>
    ctx.db.orm.transaction(async (tx) => {
      const current = await repo.find(tx, id);
      if (!current) throw new AppError('PRODUCT_NOT_FOUND');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      if (input.published !== current.published) {
        assertAbility(productAbilities(viewerOf(ctx.actor)), 'canPublish', { field: 'published' });
      }
      await validateReferences(tx, id, input);

      const nameChanged = input.nameNl !== current.nameNl;
      const before = await repo.categoryIdsOf(tx, id);
      const after = unique(input.attributeIds.categories);
      const added = after.filter((c) => !before.includes(c));
      const dropped = before.filter((c) => !after.includes(c));
      // Advisory locks first, in the one global order, and only then row locks (see advisoryLock).
      if (nameChanged) await advisoryLock(tx, LOCK_PRODUCT_SLUG, 0);
      for (const c of [...added, ...dropped].sort((a, b) => a - b)) await advisoryLock(tx, LOCK_PRODUCT_ORDER, c);

      const slug = nameChanged ? await uniqueSlug(tx, input.nameNl, id) : current.slug;
      const ok = await repo.update(
        tx,
        id,
        input.version,
        {
          slug,
          nameNl: input.nameNl,
          nameEn: input.nameEn,
          descriptionNl: input.descriptionNl,
          descriptionEn: input.descriptionEn,
          published: input.published,
          publishedAt: input.published && !current.publishedAt ? now : current.publishedAt,
          parentId: input.parentId,
          tearsheetMediaId: input.tearsheetId,
          headerMediaId: input.headerImageId,
          extendedMediaId: input.extendedImageId,
          extendedVideoUrl: input.extendedVideoUrl,
          downloads: input.downloads,
          featuredProject: input.featuredProject,
        },
        now,
      );
      if (!ok) throw await notFoundOrStale(tx, id);
      await repo.replaceMedia(tx, id, unique(input.galleryIds), unique(input.carouselIds));
      await repo.replaceAttributes(tx, id, unique(PRODUCT_ATTRIBUTE_KINDS.flatMap((k) => input.attributeIds[k])));
      await repo.replaceRobox(tx, id, unique(input.roboxMaterialIds));
      await repo.replaceRelations(tx, id, unique(input.relatedIds));
      for (const c of dropped) await repo.removeFromCategory(tx, c, id);
      for (const c of added) await repo.appendToCategory(tx, c, id);
      await audit(
        tx,
        ctx,
        'product.updated',
        { type: 'product', id },
        { published: input.published, ...(input.published !== current.published ? { publishedChanged: true } : {}) },
      );
    }),
  );
  return getProduct(ctx, id);
}

async function notFoundOrStale(db: DbOrTx, id: number): Promise<AppError> {
  return (await repo.findVersion(db, id)) === null ? new AppError('PRODUCT_NOT_FOUND') : new AppError('STALE_VERSION');
}

/**
 * Deletes a product at the version given: its children lose their parent, and the overall and
 * category orders close up. @throws PRODUCT_NOT_FOUND, STALE_VERSION
 */
export async function deleteProduct(ctx: Ctx, id: number, version: number): Promise<void> {
  const now = ctx.clock();
  await withRetry(() =>
    ctx.db.orm.transaction(async (tx) => {
      const current = await repo.findVersion(tx, id);
      if (current === null) throw new AppError('PRODUCT_NOT_FOUND');
      if (current !== version) throw new AppError('STALE_VERSION');
      const categories = await repo.categoryIdsOf(tx, id);
      await advisoryLock(tx, LOCK_PRODUCT_ORDER, OVERALL);
      for (const c of categories) await advisoryLock(tx, LOCK_PRODUCT_ORDER, c);
      // Before the delete: the foreign keys would otherwise clear these rows without closing gaps or bumping versions.
      await repo.detachChildren(tx, id, now);
      for (const c of categories) await repo.removeFromCategory(tx, c, id);
      const freed = await repo.remove(tx, id, version);
      if (freed === null) throw await notFoundOrStale(tx, id);
      await repo.closeOverallGap(tx, freed);
      await audit(tx, ctx, 'product.deleted', { type: 'product', id });
    }),
  );
}

/**
 * A product's Dutch name for a breadcrumb: anyone sees a published product's name, staff with
 * products.manage any product's; otherwise null.
 */
export async function productTitle(ctx: Ctx, id: number): Promise<string | null> {
  const row = await repo.findName(ctx.db.orm, id);
  if (!row) return null;
  return row.published || can(ctx.actor, 'products.manage') ? row.nameNl : null;
}
