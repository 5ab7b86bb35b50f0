import {
  COMPANY_PRODUCTS_PAGE_SIZE,
  type CompanyProduct,
  type CompanyProductInput,
  type CompanyProductListQuery,
  type CompanyProductUpdate,
  type PortalCompanyProduct,
  type PortalCompanyProductFilters,
  type PortalCompanyProductsQuery,
  type ProductOption,
} from '@app/shared/companies/company-products';
import { mediaUrl } from '@app/shared/media/media';
import { permissionVerdict, toAbilities } from '@app/shared/platform/abilities';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { Locale } from '@app/shared/platform/locale';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, pgCode, pgConstraint } from '../../platform/errors';
import * as companiesRepo from './companies.repository';
import * as repo from './company-products.repository';

const localeOf = (ctx: Ctx): Locale => (ctx.actor.kind === 'anonymous' ? 'nl' : ctx.actor.locale);
const productRef = (r: repo.CompanyProductRow) => ({
  id: r.productId,
  name: r.productName,
  code: r.code,
  thumbUrl: r.thumbId === null ? null : mediaUrl(r.thumbId, 'thumb'),
});
const projectRef = (r: repo.CompanyProductRow) => (r.projectId === null ? null : { id: r.projectId, name: r.projectName ?? '' });

function toItem(ctx: Ctx, r: repo.CompanyProductRow): CompanyProduct {
  const manage = permissionVerdict(viewerOf(ctx.actor), 'companies.manage');
  return {
    id: r.id,
    product: productRef(r),
    typeName: r.typeName,
    project: projectRef(r),
    orderLineId: r.orderLineId,
    reference: r.reference,
    notes: r.notes,
    version: r.version,
    abilities: toAbilities({ canEdit: manage, canDelete: manage }),
  };
}

async function assertCompany(ctx: Ctx, db: DbOrTx, companyId: number) {
  if (!(await companiesRepo.find(db, ctx.actor, companyId, { archived: true }))) throw new AppError('COMPANY_NOT_FOUND');
}

/** @throws COMPANY_NOT_FOUND */
export async function listCompanyProducts(
  ctx: Ctx,
  companyId: number,
  q: CompanyProductListQuery,
): Promise<Page<CompanyProduct>> {
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, companyId, q, localeOf(ctx));
  if (rows.length === 0) await assertCompany(ctx, ctx.db.orm, companyId);
  return { data: rows.map((r) => toItem(ctx, r)), meta: pageMeta(q.page, q.perPage, total) };
}

/** @throws COMPANY_NOT_FOUND, COMPANY_PRODUCT_NOT_FOUND */
export async function getCompanyProduct(ctx: Ctx, companyId: number, id: number): Promise<CompanyProduct> {
  const row = await repo.find(ctx.db.orm, ctx.actor, companyId, id, localeOf(ctx));
  if (!row) {
    await assertCompany(ctx, ctx.db.orm, companyId);
    throw new AppError('COMPANY_PRODUCT_NOT_FOUND');
  }
  return toItem(ctx, row);
}

function toFields(input: CompanyProductInput): repo.CompanyProductFields {
  return {
    productId: input.productId,
    projectId: input.projectId ?? null,
    orderLineId: input.projectId ? (input.orderLineId ?? null) : null,
    reference: input.reference ?? '',
    notes: input.notes ?? '',
  };
}

/** The product exists, the project is one the company is attached to, the order line is that project's. */
async function checkRefs(tx: DbOrTx, companyId: number, f: repo.CompanyProductFields, input: CompanyProductInput) {
  const ok = await repo.refsOk(tx, companyId, f);
  const errors: Record<string, { code: string }> = {};
  if (!ok.product) errors.productId = { code: 'not_found' };
  if (!ok.project) errors.projectId = { code: 'not_found' };
  if (!ok.orderLine || (input.orderLineId && !input.projectId)) errors.orderLineId = { code: 'not_found' };
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
}

/** The same product twice for one company and project is a field error, never a 500. */
function duplicate(err: unknown): unknown {
  return pgCode(err) === '23505' && pgConstraint(err) === 'company_products_unique_key'
    ? new AppError('VALIDATION_FAILED', { fieldErrors: { productId: { code: 'duplicate' } } })
    : err;
}

/** @throws COMPANY_NOT_FOUND, VALIDATION_FAILED */
export async function addCompanyProduct(ctx: Ctx, companyId: number, input: CompanyProductInput): Promise<CompanyProduct> {
  const now = ctx.clock();
  const fields = toFields(input);
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      await assertCompany(ctx, tx, companyId);
      await checkRefs(tx, companyId, fields, input);
      const id = await repo.insert(tx, companyId, fields, signedInAccountId(ctx.actor), now);
      await audit(tx, ctx, 'company_product.created', { type: 'company_product', id }, { companyId, ...fields });
      return id;
    })
    .catch((err) => {
      throw duplicate(err);
    });
  return getCompanyProduct(ctx, companyId, id);
}

async function lockForChange(ctx: Ctx, tx: DbOrTx, companyId: number, id: number, version: number) {
  const row = await repo.find(tx, ctx.actor, companyId, id, localeOf(ctx), true);
  if (!row) {
    await assertCompany(ctx, tx, companyId);
    throw new AppError('COMPANY_PRODUCT_NOT_FOUND');
  }
  if (row.version !== version) throw new AppError('STALE_VERSION');
  return row;
}

/** @throws COMPANY_NOT_FOUND, COMPANY_PRODUCT_NOT_FOUND, STALE_VERSION, VALIDATION_FAILED */
export async function updateCompanyProduct(
  ctx: Ctx,
  companyId: number,
  id: number,
  input: CompanyProductUpdate,
): Promise<CompanyProduct> {
  const now = ctx.clock();
  const fields = toFields(input);
  await ctx.db.orm
    .transaction(async (tx) => {
      await lockForChange(ctx, tx, companyId, id, input.version);
      await checkRefs(tx, companyId, fields, input);
      if (!(await repo.update(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'company_product.updated', { type: 'company_product', id }, { companyId, ...fields });
    })
    .catch((err) => {
      throw duplicate(err);
    });
  return getCompanyProduct(ctx, companyId, id);
}

/** @throws COMPANY_NOT_FOUND, COMPANY_PRODUCT_NOT_FOUND, STALE_VERSION */
export async function removeCompanyProduct(ctx: Ctx, companyId: number, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const row = await lockForChange(ctx, tx, companyId, id, version);
    if (!(await repo.remove(tx, id, version))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'company_product.deleted', { type: 'company_product', id }, { companyId, productId: row.productId });
  });
}

export async function productOptions(ctx: Ctx, q: string): Promise<ProductOption[]> {
  return repo.productOptions(ctx.db.orm, q, localeOf(ctx));
}

/**
 * GET /api/client/company-products (spec section 7): the company's products, 24 per page,
 * grouped by article type ('Unknown' last), filtered by projects and types. The filters narrow
 * within the company's scope and can never widen it (Z4).
 */
export async function portalCompanyProducts(ctx: Ctx, q: PortalCompanyProductsQuery): Promise<Page<PortalCompanyProduct>> {
  const perPage = COMPANY_PRODUCTS_PAGE_SIZE;
  const { rows, total } = await repo.portalPage(
    ctx.db,
    ctx.actor,
    { page: q.page, perPage, projects: q.projects, types: q.types },
    localeOf(ctx),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      product: productRef(r),
      article: { article_type: r.typeName === null ? null : { name: r.typeName } },
      project: projectRef(r),
      orderLineId: r.orderLineId,
      reference: r.reference,
    })),
    meta: pageMeta(q.page, perPage, total),
  };
}

export async function portalFilters(ctx: Ctx): Promise<PortalCompanyProductFilters> {
  return repo.portalFilters(ctx.db.orm, ctx.actor);
}
