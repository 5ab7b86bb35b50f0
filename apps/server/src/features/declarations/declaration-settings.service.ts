import type {
  DeclarationOption,
  declarationOptionInputSchema,
  declarationOptionUpdateSchema,
} from '@app/shared/declarations/declarations';
import { declarationOptionAbilities } from '@app/shared/declarations/declarations.rules';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type * as z from 'zod';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, pgCode } from '../../platform/errors';
import * as repo from './declaration-settings.repository';

/**
 * The settings of declarations (settings/declarations): categories and payment types. Everyone
 * reads the active ones (the form offers them); the hours rights also see inactive ones, add,
 * rename, (de)activate and delete an unused one (a used one is deactivated instead).
 */

type OptionInput = z.output<typeof declarationOptionInputSchema>;
type OptionChange = z.output<typeof declarationOptionUpdateSchema>;

export type { OptionKind } from './declaration-settings.repository';

const NOT_FOUND = { categories: 'DECLARATION_CATEGORY_NOT_FOUND', 'payment-types': 'PAYMENT_TYPE_NOT_FOUND' } as const;
const EVENT = { categories: 'declaration_category', 'payment-types': 'declaration_payment_type' } as const;

function toOption(ctx: Ctx, r: repo.OptionRow): DeclarationOption {
  return { ...r, abilities: declarationOptionAbilities(r, viewerOf(ctx.actor)) };
}

/** The entries by name: active ones; with `all` and the hours rights inactive ones too. */
export async function listOptions(ctx: Ctx, kind: repo.OptionKind, all: boolean): Promise<DeclarationOption[]> {
  const rows = await repo.list(ctx.db.orm, kind, all && can(ctx.actor, PEOPLE_RIGHTS.hours));
  return rows.map((r) => toOption(ctx, r));
}

async function checkName(tx: DbOrTx, kind: repo.OptionKind, name: string, exceptId: number | null): Promise<void> {
  if (await repo.nameTaken(tx, kind, name, exceptId)) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { name: { code: 'name_taken' } } });
  }
}

/** Two saves of one name at once: the unique index refuses the second; say it as the field error. */
function nameRace(err: unknown): unknown {
  if (pgCode(err) === '23505') return new AppError('VALIDATION_FAILED', { fieldErrors: { name: { code: 'name_taken' } } });
  return err;
}

/** Adds an entry. @throws VALIDATION_FAILED (name name_taken) */
export async function createOption(ctx: Ctx, kind: repo.OptionKind, input: OptionInput): Promise<DeclarationOption> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      await checkName(tx, kind, input.name, null);
      const id = await repo.insert(tx, kind, { name: input.name, nameEn: input.nameEn, active: input.active }, now);
      await audit(tx, ctx, `${EVENT[kind]}.created`, { type: EVENT[kind], id }, { name: input.name, nameEn: input.nameEn });
      return id;
    })
    .catch((err) => {
      throw nameRace(err);
    });
  return getOption(ctx, kind, id);
}

async function getOption(ctx: Ctx, kind: repo.OptionKind, id: number): Promise<DeclarationOption> {
  const row = await repo.find(ctx.db.orm, kind, id);
  if (!row) throw new AppError(NOT_FOUND[kind]);
  return toOption(ctx, row);
}

/** Renames or (de)activates an entry. @throws DECLARATION_CATEGORY_NOT_FOUND | PAYMENT_TYPE_NOT_FOUND, STALE_VERSION, VALIDATION_FAILED (name name_taken) */
export async function updateOption(ctx: Ctx, kind: repo.OptionKind, id: number, input: OptionChange): Promise<DeclarationOption> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.find(tx, kind, id);
      if (!current) throw new AppError(NOT_FOUND[kind]);
      assertAbility(declarationOptionAbilities(current, viewerOf(ctx.actor)), 'canEdit');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      await checkName(tx, kind, input.name, id);
      if (!(await repo.update(tx, kind, id, input, now))) throw new AppError('STALE_VERSION');
      await audit(
        tx,
        ctx,
        `${EVENT[kind]}.updated`,
        { type: EVENT[kind], id },
        { name: input.name, nameEn: input.nameEn, active: input.active },
      );
    })
    .catch((err) => {
      throw nameRace(err);
    });
  return getOption(ctx, kind, id);
}

/** Deletes an unused entry. @throws DECLARATION_CATEGORY_NOT_FOUND | PAYMENT_TYPE_NOT_FOUND, REFERENCE_IN_USE, STALE_VERSION */
export async function deleteOption(ctx: Ctx, kind: repo.OptionKind, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, kind, id);
    if (!current) throw new AppError(NOT_FOUND[kind]);
    assertAbility(declarationOptionAbilities(current, viewerOf(ctx.actor)), 'canDelete');
    if (current.version !== version) throw new AppError('STALE_VERSION');
    if (!(await repo.remove(tx, kind, id, version))) {
      const again = await repo.find(tx, kind, id);
      throw new AppError(!again ? NOT_FOUND[kind] : again.inUse ? 'REFERENCE_IN_USE' : 'STALE_VERSION');
    }
    await audit(tx, ctx, `${EVENT[kind]}.deleted`, { type: EVENT[kind], id }, { name: current.name });
  });
}
