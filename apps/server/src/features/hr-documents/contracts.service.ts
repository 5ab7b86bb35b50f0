import type { FileInfo } from '@app/shared/files/files';
import type {
  ContractList,
  contractInputSchema,
  contractUpdateSchema,
  EmployeeContract,
} from '@app/shared/hr-documents/contracts';
import { contractStatus, hrRecordAbilities } from '@app/shared/hr-documents/documents.rules';
import type * as z from 'zod';
import { viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import * as repo from './contracts.repository';
import { createRecord, deleteRecord, type HrKind, listRecords, missingFile, updateRecord } from './hr-records';

/**
 * Employment contracts: from, until (open-ended when empty), hours per week and the
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
export function listContracts(ctx: Ctx, employeeId: number): Promise<ContractList> {
  return listRecords(KIND, ctx, employeeId);
}

const KIND: HrKind<repo.ContractRow, EmployeeContract, repo.ContractFields> = {
  part: 'contracts',
  notFound: 'CONTRACT_NOT_FOUND',
  entity: 'employee_contract',
  repo,
  toOut: toContract,
};

const fieldsOf = (i: ContractCreate): repo.ContractFields => ({
  startsOn: i.startsOn,
  endsOn: i.endsOn,
  minutesPerWeek: i.minutesPerWeek,
  fileId: i.fileId,
  notes: i.notes,
});

/** Adds a contract to an employee's record. @throws EMPLOYEE_NOT_FOUND, EMPLOYEE_DELETED, FORBIDDEN, VALIDATION_FAILED (fileId) */
export function createContract(ctx: Ctx, employeeId: number, input: ContractCreate): Promise<EmployeeContract> {
  return createRecord(KIND, ctx, employeeId, { fields: fieldsOf(input), fileId: input.fileId });
}

/** Changes a contract (send the version it was based on). @throws CONTRACT_NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_DELETED, VALIDATION_FAILED */
export function updateContract(ctx: Ctx, employeeId: number, id: number, input: ContractChange): Promise<EmployeeContract> {
  return updateRecord(KIND, ctx, employeeId, id, { fields: fieldsOf(input), fileId: input.fileId, version: input.version });
}

/** Removes a contract (its file row stays for the audit). @throws CONTRACT_NOT_FOUND, STALE_VERSION, FORBIDDEN */
export function deleteContract(ctx: Ctx, employeeId: number, id: number, version: number): Promise<void> {
  return deleteRecord(KIND, ctx, employeeId, id, version, (c) => ({ startsOn: c.startsOn }));
}
