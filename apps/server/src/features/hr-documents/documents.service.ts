import type { FileInfo } from '@app/shared/files/files';
import type {
  DocumentList,
  documentInputSchema,
  documentUpdateSchema,
  EmployeeDocument,
  ExpiringItem,
  ExpiringList,
} from '@app/shared/people/documents';
import {
  contractStatus,
  type DocumentType,
  expiryStatus,
  hrCreateAbilities,
  hrRecordAbilities,
  warningUntil,
} from '@app/shared/people/documents.rules';
import type { PeoplePart } from '@app/shared/people/people.rules';
import { localDateString } from '@app/shared/platform/iso-week';
import type * as z from 'zod';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { fileInfos } from '../files/files.service';
import * as contractsRepo from './contracts.repository';
import * as repo from './documents.repository';

/**
 * HR documents (issue 12): an employee's ID, driving licence, VCA and other certificates, each
 * with its file and an optional expiry date. Everyone reads their own; documents.manage reads,
 * adds, changes and removes everyone's. The file goes through GET /api/files/:id, whose scope
 * follows the same rule.
 */

type DocumentCreate = z.output<typeof documentInputSchema>;
type DocumentChange = z.output<typeof documentUpdateSchema>;

/** The file types an HR record takes: images and PDF. */
export const HR_FILE_TYPES: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

/** Today on the wall clock of the business (Europe/Amsterdam). */
export const todayOf = (ctx: Ctx): string => localDateString(ctx.clock());

/** The employee whose part the actor may read (own record, or the part's rights). @throws EMPLOYEE_NOT_FOUND */
export async function employeeOrThrow(db: DbOrTx, ctx: Ctx, employeeId: number, part: PeoplePart) {
  const e = await repo.employeeInReach(db, ctx.actor, employeeId, part);
  if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
  return e;
}

/**
 * A file an HR record may take: the current one, or an image or PDF the signed-in person uploaded
 * that nothing holds yet. @throws VALIDATION_FAILED (fileId not_found, fileId not_allowed)
 */
export async function checkFile(tx: DbOrTx, ctx: Ctx, fileId: number, current: number | null): Promise<void> {
  if (fileId === current) return;
  const f = await repo.lockFile(tx, fileId, signedInAccountId(ctx.actor));
  if (!f?.own || f.attached) throw new AppError('VALIDATION_FAILED', { fieldErrors: { fileId: { code: 'not_found' } } });
  if (!HR_FILE_TYPES.includes(f.mime)) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { fileId: { code: 'not_allowed' } } });
  }
}

export function missingFile(id: number): FileInfo {
  return {
    id,
    originalName: '',
    mime: 'application/octet-stream',
    size: 0,
    url: `/api/files/${id}`,
    uploadedBy: null,
    createdAt: '',
  };
}

export async function filesById(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, FileInfo>> {
  const infos = await fileInfos(db, [...new Set(ids.filter((id): id is number => id !== null))]);
  return new Map(infos.map((f) => [f.id, f]));
}

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
export async function listDocuments(ctx: Ctx, employeeId: number): Promise<DocumentList> {
  const db = ctx.db.orm;
  const rows = await repo.list(db, ctx.actor, employeeId);
  // Only an empty list asks whether the person is there (and in reach), to answer 404 rather than nothing.
  if (rows.length === 0) await employeeOrThrow(db, ctx, employeeId, 'documents');
  const files = await filesById(
    db,
    rows.map((r) => r.fileId),
  );
  const today = todayOf(ctx);
  return {
    data: rows.map((r) => toDocument(r, files, ctx, today)),
    today,
    abilities: hrCreateAbilities(viewerOf(ctx.actor), 'documents'),
  };
}

async function getDocument(ctx: Ctx, employeeId: number, id: number): Promise<EmployeeDocument> {
  const row = await repo.find(ctx.db.orm, ctx.actor, employeeId, id);
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
  return toDocument(row, await filesById(ctx.db.orm, [row.fileId]), ctx, todayOf(ctx));
}

const fieldsOf = (i: DocumentCreate): repo.DocumentFields => ({
  type: i.type,
  title: i.title,
  expiresOn: i.expiresOn,
  notes: i.notes,
  fileId: i.fileId,
});

/** Adds a document to an employee's record. @throws EMPLOYEE_NOT_FOUND, EMPLOYEE_DELETED, FORBIDDEN, VALIDATION_FAILED (fileId) */
export async function createDocument(ctx: Ctx, employeeId: number, input: DocumentCreate): Promise<EmployeeDocument> {
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    const e = await employeeOrThrow(tx, ctx, employeeId, 'documents');
    assertAbility(hrCreateAbilities(viewerOf(ctx.actor), 'documents'), 'canCreate');
    if (e.deleted) throw new AppError('EMPLOYEE_DELETED');
    await checkFile(tx, ctx, input.fileId, null);
    const id = await repo.insert(tx, employeeId, fieldsOf(input), signedInAccountId(ctx.actor), now);
    await audit(tx, ctx, 'employee_document.created', { type: 'employee_document', id }, { employeeId, type: input.type });
    return id;
  });
  return getDocument(ctx, employeeId, id);
}

/** Changes a document (send the version it was based on). @throws DOCUMENT_NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_DELETED, VALIDATION_FAILED */
export async function updateDocument(ctx: Ctx, employeeId: number, id: number, input: DocumentChange): Promise<EmployeeDocument> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, employeeId, id);
    if (!current) throw new AppError('DOCUMENT_NOT_FOUND');
    assertAbility(hrRecordAbilities(viewerOf(ctx.actor), 'documents'), 'canEdit');
    if (current.version !== input.version) throw new AppError('STALE_VERSION');
    const e = await employeeOrThrow(tx, ctx, employeeId, 'documents');
    if (e.deleted) throw new AppError('EMPLOYEE_DELETED');
    await checkFile(tx, ctx, input.fileId, current.fileId);
    if (!(await repo.update(tx, employeeId, id, input.version, fieldsOf(input), now))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'employee_document.updated',
      { type: 'employee_document', id },
      {
        employeeId,
        fileChanged: input.fileId !== current.fileId,
      },
    );
  });
  return getDocument(ctx, employeeId, id);
}

/** Removes a document (the file row stays for the audit). @throws DOCUMENT_NOT_FOUND, STALE_VERSION, FORBIDDEN */
export async function deleteDocument(ctx: Ctx, employeeId: number, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, employeeId, id);
    if (!current) throw new AppError('DOCUMENT_NOT_FOUND');
    assertAbility(hrRecordAbilities(viewerOf(ctx.actor), 'documents'), 'canDelete');
    if (!(await repo.remove(tx, employeeId, id, version))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'employee_document.deleted',
      { type: 'employee_document', id },
      {
        employeeId,
        type: current.type,
        fileId: current.fileId,
      },
    );
  });
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
