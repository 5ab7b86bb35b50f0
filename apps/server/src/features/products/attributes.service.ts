import { type Page, pageMeta } from '@app/shared/platform/http';
import {
  ATTRIBUTE_KINDS,
  type Attribute,
  type AttributeInput,
  type AttributeKind,
  type AttributeOption,
  type AttributeUpdate,
} from '@app/shared/products/attributes';
import { attributeAbilities } from '@app/shared/products/attributes.rules';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError, isForeignKeyViolation, pgCode, pgConstraint } from '../../platform/errors';
import * as repo from './attributes.repository';

function toAttribute(r: repo.AttributeRow, ctx: Ctx): Attribute {
  return {
    id: r.id,
    kind: r.kind,
    nameNl: r.nameNl,
    nameEn: r.nameEn,
    typeGroupId: r.typeGroupId,
    typeGroupNameNl: r.typeGroupNameNl,
    productsCount: r.productsCount,
    usesCount: r.usesCount,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    abilities: attributeAbilities(r, viewerOf(ctx.actor)),
  };
}

/** How many attributes each archive holds, for the 'Attributen' overview. */
export async function attributeOverview(ctx: Ctx): Promise<{ kind: AttributeKind; count: number }[]> {
  const counts = await repo.countsByKind(ctx.db.orm);
  return ATTRIBUTE_KINDS.map((kind) => ({ kind, count: counts.get(kind) ?? 0 }));
}

/** Every attribute of every kind, for selects and filters. */
export async function attributeOptions(ctx: Ctx): Promise<AttributeOption[]> {
  return repo.options(ctx.db.orm);
}

/** One archive, paged, searched and sorted. */
export async function listAttributes(
  ctx: Ctx,
  kind: AttributeKind,
  q: { page: number; perPage: number; q?: string | undefined; sort: string },
): Promise<Page<Attribute>> {
  const { rows, total } = await repo.list(ctx.db.orm, kind, q);
  return { data: rows.map((r) => toAttribute(r, ctx)), meta: pageMeta(q.page, q.perPage, total) };
}

/** @throws ATTRIBUTE_NOT_FOUND */
export async function getAttribute(ctx: Ctx, kind: AttributeKind, id: number): Promise<Attribute> {
  const row = await repo.find(ctx.db.orm, kind, id);
  if (!row) throw new AppError('ATTRIBUTE_NOT_FOUND');
  return toAttribute(row, ctx);
}

/** Only a type has a type group, and it must be one (the schema's check and FK say the same, later and less kindly). */
async function checkFields(db: DbOrTx, kind: AttributeKind, input: AttributeInput, exceptId?: number) {
  const typeGroupId = input.typeGroupId ?? null;
  if (typeGroupId !== null) {
    if (kind !== 'types') throw fieldError('typeGroupId', 'not_allowed');
    if (!(await repo.existingOfKind(db, 'type-groups', [typeGroupId])).has(typeGroupId)) {
      throw fieldError('typeGroupId', 'not_found');
    }
  }
  if (await repo.nameTaken(db, kind, input.nameNl, exceptId)) throw fieldError('nameNl', 'name_taken');
  return { nameNl: input.nameNl, nameEn: input.nameEn ?? '', typeGroupId };
}

/** Two saves racing for one name both pass checkFields; the unique index stops the second (D7). */
function nameRace(err: unknown): unknown {
  return pgCode(err) === '23505' && pgConstraint(err) === 'attributes_kind_name_key' ? fieldError('nameNl', 'name_taken') : err;
}

/** @throws VALIDATION_FAILED (name_taken, typeGroupId not_allowed / not_found) */
export async function createAttribute(ctx: Ctx, kind: AttributeKind, input: AttributeInput): Promise<Attribute> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const fields = await checkFields(tx, kind, input);
      const id = await repo.insert(tx, kind, fields, now);
      await audit(tx, ctx, 'attribute.created', { type: 'attribute', id }, { kind, nameNl: fields.nameNl });
      return id;
    })
    .catch((err) => {
      throw nameRace(err);
    });
  return getAttribute(ctx, kind, id);
}

/** @throws ATTRIBUTE_NOT_FOUND, STALE_VERSION, VALIDATION_FAILED */
export async function updateAttribute(ctx: Ctx, kind: AttributeKind, id: number, input: AttributeUpdate): Promise<Attribute> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.lockVersion(tx, kind, id);
      if (current === null) throw new AppError('ATTRIBUTE_NOT_FOUND');
      if (current !== input.version) throw new AppError('STALE_VERSION');
      const fields = await checkFields(tx, kind, input, id);
      if (!(await repo.update(tx, kind, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'attribute.updated', { type: 'attribute', id }, { kind, nameNl: fields.nameNl });
    })
    .catch((err) => {
      throw nameRace(err);
    });
  return getAttribute(ctx, kind, id);
}

/**
 * Deletes an attribute nothing uses: no product, no type in a type group, no robox material
 * with a supplier. @throws ATTRIBUTE_NOT_FOUND, STALE_VERSION, ATTRIBUTE_IN_USE
 */
export async function deleteAttribute(ctx: Ctx, kind: AttributeKind, id: number, version: number): Promise<void> {
  await ctx.db.orm
    .transaction(async (tx) => {
      // The row lock makes a product save that links this attribute wait for us, or us for it (FK key-share lock).
      const current = await repo.lockVersion(tx, kind, id);
      if (current === null) throw new AppError('ATTRIBUTE_NOT_FOUND');
      if (current !== version) throw new AppError('STALE_VERSION');
      const used = await repo.usage(tx, id);
      const count = used.products + used.types + used.roboxMaterials;
      assertAbility(attributeAbilities({ usesCount: count }, viewerOf(ctx.actor)), 'canDelete', { count, ...used });
      await repo.remove(tx, kind, id, version);
      await audit(tx, ctx, 'attribute.deleted', { type: 'attribute', id }, { kind });
    })
    .catch((err) => {
      // A reference added after our check (the foreign keys restrict): still "in use".
      if (isForeignKeyViolation(err)) throw new AppError('ATTRIBUTE_IN_USE', { details: { count: 1 } });
      throw err;
    });
}
