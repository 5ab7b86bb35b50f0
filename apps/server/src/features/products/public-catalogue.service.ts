import { mediaUrl } from '@app/shared/media/media';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { AttributeRef } from '@app/shared/products/attributes';
import {
  type Download,
  type FeaturedProject,
  PUBLIC_FILTERS,
  type PublicFilter,
  type PublicFilters,
  type PublicProduct,
  type PublicProductCard,
  type PublicProductQuery,
  publicProductQuerySchema,
} from '@app/shared/products/products';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './public-catalogue.repository';

function toCard(r: repo.CardRow): PublicProductCard {
  return {
    id: r.id,
    slug: r.slug,
    nameNl: r.nameNl,
    nameEn: r.nameEn,
    thumbUrl: r.thumbId === null ? null : mediaUrl(r.thumbId, 'thumb'),
    largeUrl: r.thumbId === null ? null : mediaUrl(r.thumbId, 'large'),
  };
}

function toImage(r: repo.ImageRow) {
  return { thumbUrl: mediaUrl(r.id, 'thumb'), largeUrl: mediaUrl(r.id, 'large'), width: r.width, height: r.height };
}

function byKind(refs: AttributeRef[]): Record<PublicFilter, AttributeRef[]> {
  const out = Object.fromEntries(PUBLIC_FILTERS.map((k) => [k, [] as AttributeRef[]])) as Record<PublicFilter, AttributeRef[]>;
  for (const a of refs) out[a.kind as PublicFilter]?.push(a);
  return out;
}

/** The inspiration catalogue: published products in the manual order, filtered, paged (one query plus a count). */
export async function listPublicProducts(ctx: Ctx, q: PublicProductQuery): Promise<Page<PublicProductCard>> {
  const [rows, total] = await Promise.all([repo.page(ctx.db.orm, q), repo.count(ctx.db.orm, q)]);
  return { data: rows.map(toCard), meta: pageMeta(q.page, q.perPage, total) };
}

/**
 * A published product for the catalogue, with only published related products and parents. An
 * unpublished product is not found, exactly like an unknown one. @throws PRODUCT_NOT_FOUND
 */
export async function getPublicProduct(ctx: Ctx, id: number): Promise<PublicProduct> {
  const db = ctx.db.orm;
  const p = await repo.findPublished(db, id);
  if (!p) throw new AppError('PRODUCT_NOT_FOUND');
  const singles = [p.tearsheetMediaId, p.headerMediaId, p.extendedMediaId].filter((x): x is number => x !== null);
  const [images, singleImages, attributes, related, parents] = await Promise.all([
    repo.images(db, id),
    repo.imagesByIds(db, singles),
    repo.publicAttributes(db, id),
    repo.relatedPublished(db, id),
    p.parentId === null ? Promise.resolve([]) : repo.publishedParents(db, p.parentId),
  ]);
  const single = new Map(singleImages.map((m) => [m.id, m]));
  const one = (i: number | null) => {
    const m = i === null ? undefined : single.get(i);
    return m ? toImage(m) : null;
  };
  return {
    id: p.id,
    slug: p.slug,
    nameNl: p.nameNl,
    nameEn: p.nameEn,
    descriptionNl: p.descriptionNl,
    descriptionEn: p.descriptionEn,
    gallery: images.filter((m) => m.role === 'gallery').map(toImage),
    carousel: images.filter((m) => m.role === 'carousel').map(toImage),
    headerImage: one(p.headerMediaId),
    tearsheet: one(p.tearsheetMediaId),
    extendedImage: one(p.extendedMediaId),
    extendedVideoUrl: p.extendedVideoUrl,
    attributes: byKind(attributes),
    downloads: (p.downloads as Download[] | null) ?? [],
    related: related.map(toCard),
    parents: parents.map(toCard),
    featuredProject: (p.featuredProject as FeaturedProject | null) ?? null,
  };
}

/** The filter values worth offering: attributes of the public kinds that a published product carries. */
export async function publicFilters(ctx: Ctx): Promise<PublicFilters> {
  return byKind(await repo.usedFilters(ctx.db.orm));
}

/** The answers the public catalogue's first screen is rendered with: its page of products and the filters. */
export interface CatalogueScreen {
  products: Page<PublicProductCard>;
  filters: PublicFilters;
}

/**
 * For the server's HTML of /public/products (platform/first-screen.ts): what GET /api/public/products
 * would answer for `query` (the query string the app would send, as strings) and GET
 * /api/public/filters; null for a query the API would refuse (the page is then sent without HTML).
 */
export async function catalogueScreen(ctx: Ctx, query: Record<string, string>): Promise<CatalogueScreen | null> {
  const parsed = publicProductQuerySchema.safeParse(query);
  if (!parsed.success) return null;
  const [products, filters] = await Promise.all([
    listPublicProducts(ctx, parsed.data as unknown as PublicProductQuery),
    publicFilters(ctx),
  ]);
  return { products, filters };
}
