import type { Readable } from 'node:stream';
import { mediaUrl } from '@app/shared/media/media';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { Locale } from '@app/shared/platform/locale';
import {
  type PortalCompanyProductDetail,
  type PortalOrderLineDetail,
  type ProductFile,
  type ProductFilesQuery,
  tearsheetUrl,
} from '@app/shared/portal/portal-products';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './portal-products.repository';

// The portal's product pages. The repository finds rows only within the company's scope; here
// each answer is copied field by field into the portal's shapes (Z9): an order line's
// staff notes, the catalogue's unpublished fields and the uploader's account never go out.

const localeOf = (ctx: Ctx): Locale => (ctx.actor.kind === 'anonymous' ? 'nl' : ctx.actor.locale);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An order line where the company sees it (project attached and live, area allowed). @throws ORDER_LINE_NOT_FOUND */
export async function getOrderLine(ctx: Ctx, projectId: number, orderLineId: number): Promise<PortalOrderLineDetail> {
  const r = await repo.findOrderLine(ctx.db.orm, ctx.actor, projectId, orderLineId, localeOf(ctx));
  if (!r) throw new AppError('ORDER_LINE_NOT_FOUND');
  return {
    id: r.id,
    kind: r.productId !== null ? 'product' : 'article',
    item: {
      id: r.productId ?? r.articleId ?? 0,
      name: r.itemName ?? '',
      code: r.code,
      thumbUrl: r.thumbId === null ? null : mediaUrl(Number(r.thumbId), 'thumb'),
    },
    quantity: r.quantity,
    project: { id: r.projectId, name: r.projectName },
    area: { id: r.areaId, number: r.areaNumber, name: r.areaName },
    task: { id: r.taskId, name: r.taskName },
    subtask: { id: r.subtaskId, name: r.subtaskName },
    companyProduct:
      r.companyProductId === null ? null : { id: r.companyProductId, reference: r.reference ?? '', notes: r.notes ?? '' },
  };
}

function toFile(r: repo.ProductFileRow): ProductFile {
  const companyProductId = Number(r.companyProductId);
  return {
    key: `${companyProductId}:${r.kind}:${r.position}`,
    companyProductId,
    productName: r.productName,
    project: r.projectId === null ? null : { id: Number(r.projectId), name: r.projectName ?? '' },
    kind: r.kind,
    fileName: r.fileName,
    uploadedBy: r.uploadedBy,
    date: iso(r.date),
    url: r.kind === 'tearsheet' ? tearsheetUrl(companyProductId) : (r.link ?? ''),
  };
}

/** A company product with its images and files. @throws COMPANY_PRODUCT_NOT_FOUND */
export async function getCompanyProduct(ctx: Ctx, companyProductId: number): Promise<PortalCompanyProductDetail> {
  const locale = localeOf(ctx);
  const r = await repo.findCompanyProduct(ctx.db.orm, ctx.actor, companyProductId, locale);
  if (!r) throw new AppError('COMPANY_PRODUCT_NOT_FOUND');
  const files = await repo.filesOfProduct(ctx.db.orm, ctx.actor, companyProductId, locale);
  return {
    id: r.id,
    product: { id: r.productId, name: r.productName, description: r.description, code: r.code },
    typeName: r.typeName,
    images: r.imageIds.map((id) => ({ id, thumbUrl: mediaUrl(id, 'thumb'), largeUrl: mediaUrl(id, 'large') })),
    project: r.projectId === null ? null : { id: r.projectId, name: r.projectName ?? '' },
    orderLineId: r.orderLineId,
    reference: r.reference,
    notes: r.notes,
    files: files.map(toFile),
  };
}

/** The archive of the files of the company's products: one row per file, by product name. */
export async function listProductFiles(ctx: Ctx, q: ProductFilesQuery): Promise<Page<ProductFile>> {
  const { rows, total } = await repo.listFiles(ctx.db.orm, ctx.actor, q, localeOf(ctx));
  return { data: rows.map(toFile), meta: pageMeta(q.page, q.perPage, total) };
}

export interface TearsheetFile {
  stream: Readable;
  mime: string;
  size: number;
  fileName: string;
}

/**
 * A company product's tearsheet, only through scope.companyProduct: the public media route serves
 * published products' files alone, and a company's product need not be published.
 * @throws COMPANY_PRODUCT_NOT_FOUND (also when it has no tearsheet, or its bytes are gone)
 */
export async function openTearsheet(ctx: Ctx, companyProductId: number): Promise<TearsheetFile> {
  const row = await repo.findTearsheet(ctx.db.orm, ctx.actor, companyProductId);
  if (!row) throw new AppError('COMPANY_PRODUCT_NOT_FOUND');
  const size = await ctx.storage.size(row.storageKey);
  if (size === null) {
    ctx.log.error({ event: 'tearsheet.missing', companyProductId }, 'stored tearsheet has no bytes');
    throw new AppError('COMPANY_PRODUCT_NOT_FOUND');
  }
  return { stream: ctx.storage.read(row.storageKey), mime: row.mime, size, fileName: row.originalName };
}
