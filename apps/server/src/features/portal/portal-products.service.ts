import type { Readable } from 'node:stream';
import { mediaUrl } from '@app/shared/media/media';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { Locale } from '@app/shared/platform/locale';
import {
  type ArchiveFile,
  type ArchiveZipBody,
  type PortalCompanyProductDetail,
  type PortalOrderLineDetail,
  type ProductFile,
  type ProductFilesQuery,
  tearsheetUrl,
} from '@app/shared/portal/portal-products';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { zipFits, zipNames, zipSize, zipStream } from '../../platform/zip-writer';
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

function toArchiveFile(r: repo.ArchiveRow): ArchiveFile {
  const recordId = Number(r.recordId);
  const itemId = r.itemId === null ? null : Number(r.itemId);
  const fileId = r.fileId === null ? null : Number(r.fileId);
  const url = r.kind === 'tearsheet' ? tearsheetUrl(recordId) : r.kind === 'download' ? (r.link ?? '') : `/api/files/${fileId}`;
  return {
    key: `${r.source}:${recordId}:${r.kind}:${r.position}`,
    source: r.source,
    kind: r.kind,
    item: itemId === null ? null : { source: r.source, id: itemId },
    record: { id: recordId, name: r.recordName },
    project: r.projectId === null || r.projectName === null ? null : { id: Number(r.projectId), name: r.projectName },
    fileName: r.fileName,
    uploadedBy: r.uploadedBy,
    date: iso(r.date),
    size: r.size === null ? null : Number(r.size),
    url,
  };
}

/**
 * The files archive: the company's product files, its orders' final files and its drawings'
 * approved versions in one list, searched, filtered by source, sorted and paged.
 */
export async function listProductFiles(ctx: Ctx, q: ProductFilesQuery): Promise<Page<ArchiveFile>> {
  const { rows, total } = await repo.listArchive(ctx.db.orm, ctx.actor, q, localeOf(ctx));
  return { data: rows.map(toArchiveFile), meta: pageMeta(q.page, q.perPage, total) };
}

export interface ArchiveZip {
  stream: Readable;
  size: number;
  fileName: string;
}

/**
 * The selected archive files as one ZIP, streamed. Every item is looked up within the company's
 * scope first: one that is not found (another company's, a hidden area's drawing, a link, a
 * missing id) is a 404 for the whole request, as is a file whose bytes are gone, before any byte
 * is sent. An archive of 4 GiB or more is refused (ARCHIVE_TOO_LARGE). The names inside are the
 * files' own, made safe and unique; the entries are read one after another as the ZIP streams.
 * @throws FILE_NOT_FOUND, ARCHIVE_TOO_LARGE
 */
export async function openArchiveZip(ctx: Ctx, body: ArchiveZipBody, now: Date): Promise<ArchiveZip> {
  const seen = new Set<string>();
  const items = body.items.filter((i) => {
    const key = `${i.source}:${i.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const rows = await repo.findArchiveStored(ctx.db.orm, ctx.actor, items);
  const byKey = new Map(rows.map((r) => [`${r.source}:${Number(r.itemId)}`, r]));
  const found = items.map((i) => byKey.get(`${i.source}:${i.id}`));
  if (found.some((r) => r === undefined)) throw new AppError('FILE_NOT_FOUND');
  const stored = found as repo.ArchiveStoredRow[];
  const sizes = await Promise.all(stored.map((r) => ctx.storage.size(r.storageKey)));
  if (sizes.some((s) => s === null)) {
    ctx.log.error({ event: 'archive.zip.missing' }, 'a stored archive file has no bytes');
    throw new AppError('FILE_NOT_FOUND');
  }
  const names = zipNames(stored.map((r) => r.fileName));
  const entries = stored.map((_, i) => ({ name: names[i] as string, size: sizes[i] as number }));
  if (!zipFits(entries)) throw new AppError('ARCHIVE_TOO_LARGE');
  const stream = zipStream(
    stored.map((r, i) => ({
      name: names[i] as string,
      date: new Date(r.date),
      open: () => ctx.storage.read(r.storageKey),
    })),
  );
  const stamp = now.toISOString().slice(0, 10);
  return { stream, size: zipSize(entries), fileName: `${localeOf(ctx) === 'en' ? 'files' : 'bestanden'}-${stamp}.zip` };
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
