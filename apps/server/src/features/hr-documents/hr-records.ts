import type { FileInfo } from '@app/shared/files/files';
import { hrCreateAbilities, hrRecordAbilities } from '@app/shared/hr-documents/documents.rules';
import type { ErrorCode } from '@app/shared/platform/errors';
import { localDateString } from '@app/shared/platform/iso-week';
import type { PeoplePart } from '@app/shared/users/people.rules';
import type { DbOrTx } from '../../db/client';
import { type Actor, signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { fileInfos } from '../files/files.service';
import { employeeInReach, lockFile } from './hr-records.repository';

/**
 * What HR documents and contracts share: the employee and file checks, the file lookups, and the
 * steps of listing, adding, changing and removing one record (employee_documents,
 * employee_contracts). Their statements are in hr-records.repository.ts.
 */

/** The file types an HR record takes: images and PDF. */
export const HR_FILE_TYPES: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

/** Today on the wall clock of the business (Europe/Amsterdam). */
export const todayOf = (ctx: Ctx): string => localDateString(ctx.clock());

/** The employee whose part the actor may read (own record, or the part's rights). @throws EMPLOYEE_NOT_FOUND */
export async function employeeOrThrow(db: DbOrTx, ctx: Ctx, employeeId: number, part: PeoplePart) {
  const e = await employeeInReach(db, ctx.actor, employeeId, part);
  if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
  return e;
}

/**
 * A file an HR record may take: the current one, or an image or PDF the signed-in person uploaded
 * that nothing holds yet. @throws VALIDATION_FAILED (fileId not_found, fileId not_allowed)
 */
export async function checkFile(tx: DbOrTx, ctx: Ctx, fileId: number, current: number | null): Promise<void> {
  if (fileId === current) return;
  const f = await lockFile(tx, fileId, signedInAccountId(ctx.actor));
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

/** Before an addition: the person in reach, the right to add, and the person not deleted. @throws EMPLOYEE_NOT_FOUND, FORBIDDEN, EMPLOYEE_DELETED */
export async function guardCreate(tx: DbOrTx, ctx: Ctx, employeeId: number, part: 'documents' | 'contracts'): Promise<void> {
  const e = await employeeOrThrow(tx, ctx, employeeId, part);
  assertAbility(hrCreateAbilities(viewerOf(ctx.actor), part), 'canCreate');
  if (e.deleted) throw new AppError('EMPLOYEE_DELETED');
}

interface RecordGuard<R> {
  part: 'documents' | 'contracts';
  /** The record in the actor's reach, or null. */
  find: () => Promise<R | null>;
  notFound: ErrorCode;
}

/** Before a removal: the record found in reach (else `notFound`) and the right to delete it. @throws notFound, FORBIDDEN */
export async function guardDelete<R>(ctx: Ctx, o: RecordGuard<R>): Promise<R> {
  const current = await o.find();
  if (!current) throw new AppError(o.notFound);
  assertAbility(hrRecordAbilities(viewerOf(ctx.actor), o.part), 'canDelete');
  return current;
}

/**
 * Before a change: the record found in reach (else `notFound`), the right to edit it, still at the
 * version the change was based on, and its person not deleted.
 * @throws notFound, FORBIDDEN, STALE_VERSION, EMPLOYEE_NOT_FOUND, EMPLOYEE_DELETED
 */
export async function guardChange<R extends { version: number }>(
  tx: DbOrTx,
  ctx: Ctx,
  o: RecordGuard<R> & { employeeId: number; version: number },
): Promise<R> {
  const current = await o.find();
  if (!current) throw new AppError(o.notFound);
  assertAbility(hrRecordAbilities(viewerOf(ctx.actor), o.part), 'canEdit');
  if (current.version !== o.version) throw new AppError('STALE_VERSION');
  const e = await employeeOrThrow(tx, ctx, o.employeeId, o.part);
  if (e.deleted) throw new AppError('EMPLOYEE_DELETED');
  return current;
}

/** What the records service needs of one kind of HR record (documents, contracts). */
export interface HrKind<Row extends { id: number; fileId: number | null; version: number }, Out, Fields> {
  part: 'documents' | 'contracts';
  notFound: ErrorCode;
  /** The audit's entity type. */
  entity: 'employee_document' | 'employee_contract';
  repo: {
    list: (db: DbOrTx, actor: Actor, employeeId: number) => Promise<Row[]>;
    find: (db: DbOrTx, actor: Actor, employeeId: number, id: number) => Promise<Row | null>;
    insert: (db: DbOrTx, employeeId: number, f: Fields, createdBy: number | null, now: Date) => Promise<number>;
    update: (db: DbOrTx, employeeId: number, id: number, version: number, f: Fields, now: Date) => Promise<boolean>;
    remove: (db: DbOrTx, employeeId: number, id: number, version: number) => Promise<boolean>;
  };
  toOut: (r: Row, files: Map<number, FileInfo>, ctx: Ctx, today: string) => Out;
}

/** How the change and removal checks find one record of the kind. */
function guardOf<Row extends { id: number; fileId: number | null; version: number }, Out, F>(
  kind: HrKind<Row, Out, F>,
  tx: DbOrTx,
  ctx: Ctx,
  employeeId: number,
  id: number,
): RecordGuard<Row> {
  return { part: kind.part, find: () => kind.repo.find(tx, ctx.actor, employeeId, id), notFound: kind.notFound };
}

/** An employee's records of one kind, in the repository's order. @throws EMPLOYEE_NOT_FOUND */
export async function listRecords<Row extends { id: number; fileId: number | null; version: number }, Out, F>(
  kind: HrKind<Row, Out, F>,
  ctx: Ctx,
  employeeId: number,
) {
  const db = ctx.db.orm;
  const rows = await kind.repo.list(db, ctx.actor, employeeId);
  // Only an empty list asks whether the person is there (and in reach), to answer 404 rather than nothing.
  if (rows.length === 0) await employeeOrThrow(db, ctx, employeeId, kind.part);
  const files = await filesById(
    db,
    rows.map((r) => r.fileId),
  );
  const today = todayOf(ctx);
  return {
    data: rows.map((r) => kind.toOut(r, files, ctx, today)),
    today,
    abilities: hrCreateAbilities(viewerOf(ctx.actor), kind.part),
  };
}

/** One record as the API shows it. @throws the kind's NOT_FOUND */
export async function getRecord<Row extends { id: number; fileId: number | null; version: number }, Out, F>(
  kind: HrKind<Row, Out, F>,
  ctx: Ctx,
  employeeId: number,
  id: number,
): Promise<Out> {
  const row = await kind.repo.find(ctx.db.orm, ctx.actor, employeeId, id);
  if (!row) throw new AppError(kind.notFound);
  return kind.toOut(row, await filesById(ctx.db.orm, [row.fileId]), ctx, todayOf(ctx));
}

/** Adds a record to an employee's file; `details` go into the audit. @throws EMPLOYEE_NOT_FOUND, EMPLOYEE_DELETED, FORBIDDEN, VALIDATION_FAILED (fileId) */
export async function createRecord<Row extends { id: number; fileId: number | null; version: number }, Out, F>(
  kind: HrKind<Row, Out, F>,
  ctx: Ctx,
  employeeId: number,
  input: { fields: F; fileId: number | null; details?: Record<string, unknown> },
): Promise<Out> {
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    await guardCreate(tx, ctx, employeeId, kind.part);
    if (input.fileId !== null) await checkFile(tx, ctx, input.fileId, null);
    const id = await kind.repo.insert(tx, employeeId, input.fields, signedInAccountId(ctx.actor), now);
    await audit(tx, ctx, `${kind.entity}.created`, { type: kind.entity, id }, { employeeId, ...input.details });
    return id;
  });
  return getRecord(kind, ctx, employeeId, id);
}

/** Changes a record at the version it was based on. @throws NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_DELETED, VALIDATION_FAILED */
export async function updateRecord<Row extends { id: number; fileId: number | null; version: number }, Out, F>(
  kind: HrKind<Row, Out, F>,
  ctx: Ctx,
  employeeId: number,
  id: number,
  input: { fields: F; fileId: number | null; version: number },
): Promise<Out> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const current = await guardChange(tx, ctx, { ...guardOf(kind, tx, ctx, employeeId, id), employeeId, version: input.version });
    if (input.fileId !== null) await checkFile(tx, ctx, input.fileId, current.fileId);
    if (!(await kind.repo.update(tx, employeeId, id, input.version, input.fields, now))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      `${kind.entity}.updated`,
      { type: kind.entity, id },
      {
        employeeId,
        fileChanged: input.fileId !== current.fileId,
      },
    );
  });
  return getRecord(kind, ctx, employeeId, id);
}

/** Removes a record (its file row stays for the audit); `details` of it go into the audit. @throws NOT_FOUND, STALE_VERSION, FORBIDDEN */
export async function deleteRecord<Row extends { id: number; fileId: number | null; version: number }, Out, F>(
  kind: HrKind<Row, Out, F>,
  ctx: Ctx,
  employeeId: number,
  id: number,
  version: number,
  details: (current: Row) => Record<string, unknown>,
): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const current = await guardDelete(ctx, guardOf(kind, tx, ctx, employeeId, id));
    if (!(await kind.repo.remove(tx, employeeId, id, version))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      `${kind.entity}.deleted`,
      { type: kind.entity, id },
      { employeeId, ...details(current), fileId: current.fileId },
    );
  });
}
