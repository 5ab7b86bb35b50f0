import type {
  ArticleDetail,
  ArticleFacets,
  ArticleListItem,
  ArticleListQuery,
  ArticleStatus,
  ArticleUpdate,
} from '@app/shared/articles/articles';
import { articleAbilities } from '@app/shared/articles/articles.rules';
import { mediaUrl } from '@app/shared/media/media';
import type { Viewer } from '@app/shared/platform/abilities';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { mediaByIds } from '../media/media.service';
import * as repo from './articles.repository';

function toListItem(r: repo.ArticleListRow): ArticleListItem {
  return {
    id: r.id,
    erpId: r.erpId,
    sku: r.sku,
    name: r.name,
    typeCode: r.typeCode,
    typeName: r.typeName,
    supplierName: r.supplierName,
    status: r.status,
    unit: r.unit,
    thumbUrl: r.thumbId ? mediaUrl(r.thumbId, 'thumb') : null,
    productId: r.productId,
    deletedAt: r.deletedAt ? r.deletedAt.toISOString() : null,
    syncedAt: r.syncedAt.toISOString(),
  };
}

/** The articles list: active or deleted tab, search on name and SKU, filters, paged on the server. */
export async function listArticles(ctx: Ctx, q: ArticleListQuery): Promise<Page<ArticleListItem>> {
  const { rows, total } = await repo.list(ctx.db.orm, q);
  return { data: rows.map(toListItem), meta: pageMeta(q.page, q.perPage, total) };
}

/** What the list's filters can offer: types, suppliers and statuses of the live articles, with counts. */
export async function getArticleFacets(ctx: Ctx): Promise<ArticleFacets> {
  const rows = await repo.facets(ctx.db.orm);
  const byName = (a: string, b: string) => a.localeCompare(b, 'nl');
  return {
    types: rows
      .filter((r) => r.gType === 0 && r.typeCode !== null)
      .map((r) => ({ code: r.typeCode as string, name: r.typeName ?? (r.typeCode as string), count: Number(r.n) }))
      .sort((a, b) => byName(a.name, b.name)),
    suppliers: rows
      .filter((r) => r.gSupplier === 0 && r.supplierName !== null)
      .map((r) => ({ name: r.supplierName as string, count: Number(r.n) }))
      .sort((a, b) => byName(a.name, b.name)),
    statuses: rows
      .filter((r) => r.gStatus === 0 && r.status !== null)
      .map((r) => ({ status: r.status as ArticleStatus, count: Number(r.n) }))
      .sort((a, b) => a.status.localeCompare(b.status)),
  };
}

async function loadDetail(db: DbOrTx, viewer: Viewer, id: number): Promise<ArticleDetail> {
  const row = await repo.find(db, id);
  if (!row) throw new AppError('ARTICLE_NOT_FOUND');
  const ids = await repo.mediaIds(db, id);
  const wanted = row.impressionMediaId && !ids.includes(row.impressionMediaId) ? [...ids, row.impressionMediaId] : ids;
  const media = await mediaByIds(db, wanted);
  const byId = new Map(media.map((m) => [m.id, m]));
  const item = toListItem(row);
  return {
    ...item,
    description: row.description,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    weightKg: row.weightKg,
    costPrice: row.costPrice === null ? null : Number(row.costPrice),
    erpModifiedAt: row.erpModifiedAt ? row.erpModifiedAt.toISOString() : null,
    usage: row.usage,
    specifications: row.specifications,
    options: row.options,
    impression: row.impressionMediaId ? (byId.get(row.impressionMediaId) ?? null) : null,
    media: ids.flatMap((m) => byId.get(m) ?? []),
    // Projects arrive with the projects feature; until then no article is used by one.
    linkedProjects: [],
    version: row.version,
    abilities: articleAbilities(item, viewer),
  };
}

/** One article with its media. @throws ARTICLE_NOT_FOUND */
export async function getArticle(ctx: Ctx, id: number): Promise<ArticleDetail> {
  return loadDetail(ctx.db.orm, viewerOf(ctx.actor), id);
}

const blankToNull = (v: string | null) => (v === null || v.trim() === '' ? null : v);

/**
 * Saves what staff add to an ERP article (usage, specifications, options, media, impression);
 * the ERP's own fields are not touched here, and a sync never touches these (D10).
 * @throws ARTICLE_NOT_FOUND, STALE_VERSION, VALIDATION_FAILED (duplicate or unknown media, impression not among the media)
 */
export async function updateArticle(ctx: Ctx, id: number, input: ArticleUpdate): Promise<ArticleDetail> {
  const seen = new Set<number>();
  input.mediaIds.forEach((m) => {
    if (seen.has(m)) throw fieldError('mediaIds', 'duplicate');
    seen.add(m);
  });
  if (input.impressionMediaId !== null && !seen.has(input.impressionMediaId)) {
    throw fieldError('impressionMediaId', 'not_allowed');
  }
  const now = ctx.clock();
  return ctx.db.orm.transaction(async (tx) => {
    const ok = await repo.updateStaffFields(
      tx,
      id,
      input.version,
      {
        usage: blankToNull(input.usage),
        specifications: blankToNull(input.specifications),
        options: blankToNull(input.options),
        impressionMediaId: input.impressionMediaId,
      },
      now,
    );
    if (!ok) throw (await repo.findVersion(tx, id)) === null ? new AppError('ARTICLE_NOT_FOUND') : new AppError('STALE_VERSION');
    const found = await mediaByIds(tx, input.mediaIds);
    if (found.length !== input.mediaIds.length) throw fieldError('mediaIds', 'not_found');
    await repo.replaceMedia(tx, id, input.mediaIds);
    await audit(
      tx,
      ctx,
      'article.updated',
      { type: 'article', id },
      { media: input.mediaIds.length, impressionMediaId: input.impressionMediaId },
    );
    return loadDetail(tx, viewerOf(ctx.actor), id);
  });
}

/** The article's name for a breadcrumb, for those who may see articles; else null. */
export async function articleTitle(ctx: Ctx, id: number): Promise<string | null> {
  if (!can(ctx.actor, 'articles.view')) return null;
  return repo.findName(ctx.db.orm, id);
}
