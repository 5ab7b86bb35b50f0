import type { FileInfo } from '@app/shared/files/files';
import type {
  DocumentList,
  documentInputSchema,
  documentUpdateSchema,
  EmployeeDocument,
  ExpiringItem,
  ExpiringList,
} from '@app/shared/hr-documents/documents';
import {
  contractStatus,
  type DocumentType,
  expiryStatus,
  hrRecordAbilities,
  warningUntil,
} from '@app/shared/hr-documents/documents.rules';
import type * as z from 'zod';
import { can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import * as contractsRepo from './contracts.repository';
import * as repo from './documents.repository';
import { createRecord, deleteRecord, type HrKind, listRecords, missingFile, todayOf, updateRecord } from './hr-records';

/**
 * HR documents: an employee's ID, driving licence, VCA and other certificates, each
 * with its file and an optional expiry date. Everyone reads their own; documents.manage reads,
 * adds, changes and removes everyone's. The file goes through GET /api/files/:id, whose scope
 * follows the same rule.
 */

type DocumentCreate = z.output<typeof documentInputSchema>;
type DocumentChange = z.output<typeof documentUpdateSchema>;

function toDocument(r: repo.DocumentRow, files: Map<number, FileInfo>, ctx: Ctx, today: string): EmployeeDocument {
  return {
    id: r.id,
    employeeId: r.employeeId,
    type: r.type as DocumentType,
    title: r.title,
    expiresOn: r.expiresOn,
    status: expiryStatus(r.expiresOn, today),
    notes: r.notes,
    file: files.get(r.fileId) ?? missingFile(r.fileId),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    abilities: hrRecordAbilities(viewerOf(ctx.actor), 'documents'),
  };
}

/** An employee's documents, soonest expiry first. @throws EMPLOYEE_NOT_FOUND */
export function listDocuments(ctx: Ctx, employeeId: number): Promise<DocumentList> {
  return listRecords(KIND, ctx, employeeId);
}

const KIND: HrKind<repo.DocumentRow, EmployeeDocument, repo.DocumentFields> = {
  part: 'documents',
  notFound: 'DOCUMENT_NOT_FOUND',
  entity: 'employee_document',
  repo,
  toOut: toDocument,
};

const fieldsOf = (i: DocumentCreate): repo.DocumentFields => ({
  type: i.type,
  title: i.title,
  expiresOn: i.expiresOn,
  notes: i.notes,
  fileId: i.fileId,
});

/** Adds a document to an employee's record. @throws EMPLOYEE_NOT_FOUND, EMPLOYEE_DELETED, FORBIDDEN, VALIDATION_FAILED (fileId) */
export function createDocument(ctx: Ctx, employeeId: number, input: DocumentCreate): Promise<EmployeeDocument> {
  return createRecord(KIND, ctx, employeeId, { fields: fieldsOf(input), fileId: input.fileId, details: { type: input.type } });
}

/** Changes a document (send the version it was based on). @throws DOCUMENT_NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_DELETED, VALIDATION_FAILED */
export function updateDocument(ctx: Ctx, employeeId: number, id: number, input: DocumentChange): Promise<EmployeeDocument> {
  return updateRecord(KIND, ctx, employeeId, id, { fields: fieldsOf(input), fileId: input.fileId, version: input.version });
}

/** Removes a document (the file row stays for the audit). @throws DOCUMENT_NOT_FOUND, STALE_VERSION, FORBIDDEN */
export function deleteDocument(ctx: Ctx, employeeId: number, id: number, version: number): Promise<void> {
  return deleteRecord(KIND, ctx, employeeId, id, version, (d) => ({ type: d.type }));
}

/**
 * HR's list of what needs attention: documents expired or expiring within the warning window,
 * and contracts that end within it or ended without a later one; active employees only, by date.
 * Each caller sees only the part their rights cover (documents.manage, contracts.manage).
 */
export async function listExpiring(ctx: Ctx): Promise<ExpiringList> {
  const db = ctx.db.orm;
  const today = todayOf(ctx);
  const until = warningUntil(today);
  const parts = { documents: can(ctx.actor, 'documents.manage'), contracts: can(ctx.actor, 'contracts.manage') };
  const docs = parts.documents ? await repo.expiring(db, ctx.actor, until) : [];
  const contracts = parts.contracts ? await contractsRepo.expiring(db, ctx.actor, until) : [];
  const items: ExpiringItem[] = [
    ...docs.map(
      (d): ExpiringItem => ({
        kind: 'document',
        id: d.id,
        employee: { id: d.employeeId, name: d.employeeName },
        date: d.date,
        status: expiryStatus(d.date, today),
        type: d.type as DocumentType,
        title: d.title,
      }),
    ),
    ...contracts.map(
      (c): ExpiringItem => ({
        kind: 'contract',
        id: c.id,
        employee: { id: c.employeeId, name: c.employeeName },
        date: c.date,
        status: contractStatus({ startsOn: c.startsOn, endsOn: c.date }, today),
        startsOn: c.startsOn,
        minutesPerWeek: c.minutesPerWeek,
      }),
    ),
  ];
  items.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.employee.name.localeCompare(b.employee.name, 'nl')));
  return { data: items, today, parts };
}
