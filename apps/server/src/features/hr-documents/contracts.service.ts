import type { FileInfo } from '@app/shared/files/files';
import type { ContractList, contractInputSchema, contractUpdateSchema, EmployeeContract } from '@app/shared/people/contracts';
import { contractStatus, hrCreateAbilities, hrRecordAbilities } from '@app/shared/people/documents.rules';
import type * as z from 'zod';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './contracts.repository';
import { checkFile, employeeOrThrow, filesById, missingFile, todayOf } from './documents.service';

/**
 * Employment contracts (issue 12): from, until (open-ended when empty), hours per week and the
 * signed file. Everyone reads their own; contracts.manage reads, adds, changes and removes everyone's.
 */

type ContractCreate = z.output<typeof contractInputSchema>;
type ContractChange = z.output<typeof contractUpdateSchema>;

function toContract(r: repo.ContractRow, files: Map<number, FileInfo>, ctx: Ctx, today: string): EmployeeContract {
  return {
    id: r.id,
    employeeId: r.employeeId,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    minutesPerWeek: r.minutesPerWeek,
    status: contractStatus(r, today),
    notes: r.notes,
    file: r.fileId === null ? null : (files.get(r.fileId) ?? missingFile(r.fileId)),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    abilities: hrRecordAbilities(viewerOf(ctx.actor), 'contracts'),
  };
}

/** An employee's contracts, newest first. @throws EMPLOYEE_NOT_FOUND */
export async function listContracts(ctx: Ctx, employeeId: number): Promise<ContractList> {
  const db = ctx.db.orm;
  const rows = await repo.list(db, ctx.actor, employeeId);
  if (rows.length === 0) await employeeOrThrow(db, ctx, employeeId, 'contracts');
  const files = await filesById(
    db,
    rows.map((r) => r.fileId),
  );
  const today = todayOf(ctx);
  return {
    data: rows.map((r) => toContract(r, files, ctx, today)),
    today,
    abilities: hrCreateAbilities(viewerOf(ctx.actor), 'contracts'),
  };
}

async function getContract(ctx: Ctx, employeeId: number, id: number): Promise<EmployeeContract> {
  const row = await repo.find(ctx.db.orm, ctx.actor, employeeId, id);
  if (!row) throw new AppError('CONTRACT_NOT_FOUND');
  return toContract(row, await filesById(ctx.db.orm, [row.fileId]), ctx, todayOf(ctx));
}

const fieldsOf = (i: ContractCreate): repo.ContractFields => ({
  startsOn: i.startsOn,
  endsOn: i.endsOn,
  minutesPerWeek: i.minutesPerWeek,
  fileId: i.fileId,
  notes: i.notes,
});

/** Adds a contract to an employee's record. @throws EMPLOYEE_NOT_FOUND, EMPLOYEE_DELETED, FORBIDDEN, VALIDATION_FAILED (fileId) */
export async function createContract(ctx: Ctx, employeeId: number, input: ContractCreate): Promise<EmployeeContract> {
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    const e = await employeeOrThrow(tx, ctx, employeeId, 'contracts');
    assertAbility(hrCreateAbilities(viewerOf(ctx.actor), 'contracts'), 'canCreate');
    if (e.deleted) throw new AppError('EMPLOYEE_DELETED');
    if (input.fileId !== null) await checkFile(tx, ctx, input.fileId, null);
    const id = await repo.insert(tx, employeeId, fieldsOf(input), signedInAccountId(ctx.actor), now);
    await audit(tx, ctx, 'employee_contract.created', { type: 'employee_contract', id }, { employeeId });
    return id;
  });
  return getContract(ctx, employeeId, id);
}

/** Changes a contract (send the version it was based on). @throws CONTRACT_NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_DELETED, VALIDATION_FAILED */
export async function updateContract(ctx: Ctx, employeeId: number, id: number, input: ContractChange): Promise<EmployeeContract> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, employeeId, id);
    if (!current) throw new AppError('CONTRACT_NOT_FOUND');
    assertAbility(hrRecordAbilities(viewerOf(ctx.actor), 'contracts'), 'canEdit');
    if (current.version !== input.version) throw new AppError('STALE_VERSION');
    const e = await employeeOrThrow(tx, ctx, employeeId, 'contracts');
    if (e.deleted) throw new AppError('EMPLOYEE_DELETED');
    if (input.fileId !== null) await checkFile(tx, ctx, input.fileId, current.fileId);
    if (!(await repo.update(tx, employeeId, id, input.version, fieldsOf(input), now))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'employee_contract.updated',
      { type: 'employee_contract', id },
      {
        employeeId,
        fileChanged: input.fileId !== current.fileId,
      },
    );
  });
  return getContract(ctx, employeeId, id);
}

/** Removes a contract (its file row stays for the audit). @throws CONTRACT_NOT_FOUND, STALE_VERSION, FORBIDDEN */
export async function deleteContract(ctx: Ctx, employeeId: number, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, employeeId, id);
    if (!current) throw new AppError('CONTRACT_NOT_FOUND');
    assertAbility(hrRecordAbilities(viewerOf(ctx.actor), 'contracts'), 'canDelete');
    if (!(await repo.remove(tx, employeeId, id, version))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'employee_contract.deleted',
      { type: 'employee_contract', id },
      {
        employeeId,
        startsOn: current.startsOn,
        fileId: current.fileId,
      },
    );
  });
}
