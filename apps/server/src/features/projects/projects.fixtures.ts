/**
 * Test data for the projects tests and the tenancy matrix: projects with their links, areas,
 * tasks, sub-tasks, tickets and attached files, made directly as rows (like test/factories makes
 * people and companies). Not used by the application.
 */
import { randomBytes } from 'node:crypto';
import type { AreaKind, ProjectStatus } from '@app/shared/projects/projects.rules';
import type { Database } from '../../db/client';
import {
  files,
  projectAreas,
  projectAttachments,
  projectCompanies,
  projectManagers,
  projects,
  subtasks,
  taskAttachments,
  tasks,
  tickets,
} from '../../db/schema';
import type { FileStorage } from '../../platform/storage';

const uniq = () => randomBytes(4).toString('hex');

async function first<T>(q: Promise<T[]>): Promise<T> {
  const rows = await q;
  if (!rows[0]) throw new Error('fixture insert returned nothing');
  return rows[0];
}

/** A project, optionally attached to companies and with managers; archived or deleted on request. */
export async function createProjectRow(
  db: Database,
  o: {
    name?: string;
    status?: ProjectStatus;
    deleted?: boolean;
    companyIds?: number[];
    managerIds?: number[];
    trimitId?: string;
    updatedAt?: Date;
    createdAt?: Date;
  } = {},
): Promise<{ id: number; name: string }> {
  const name = o.name ?? `Project ${uniq()}`;
  const now = new Date();
  const { id } = await first(
    db.orm
      .insert(projects)
      .values({
        name,
        status: o.status ?? 'active',
        trimitId: o.trimitId ?? '',
        archivedAt: o.status === 'inactive' ? now : null,
        deletedAt: o.deleted ? now : null,
        createdAt: o.createdAt ?? now,
        updatedAt: o.updatedAt ?? o.createdAt ?? now,
      })
      .returning({ id: projects.id }),
  );
  if (o.companyIds?.length)
    await db.orm.insert(projectCompanies).values(o.companyIds.map((companyId) => ({ projectId: id, companyId })));
  if (o.managerIds?.length)
    await db.orm.insert(projectManagers).values(o.managerIds.map((employeeId) => ({ projectId: id, employeeId })));
  return { id, name };
}

/** A deck, an area (under a deck or not) or a sub-area. */
export async function createAreaRow(
  db: Database,
  projectId: number,
  o: { kind?: AreaKind; parentId?: number | null; number?: string; name?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = o.name ?? `Area ${uniq()}`;
  const { id } = await first(
    db.orm
      .insert(projectAreas)
      .values({ projectId, kind: o.kind ?? 'area', parentId: o.parentId ?? null, number: o.number ?? '', name })
      .returning({ id: projectAreas.id }),
  );
  return { id, name };
}

export async function createTaskRow(
  db: Database,
  projectId: number,
  areaId: number,
  o: { name?: string; status?: 'pending' | 'completed' | 'open_ticket' } = {},
): Promise<{ id: number; name: string }> {
  const name = o.name ?? `Task ${uniq()}`;
  const { id } = await first(
    db.orm
      .insert(tasks)
      .values({ projectId, areaId, name, status: o.status ?? 'pending' })
      .returning({ id: tasks.id }),
  );
  return { id, name };
}

export async function createSubtaskRow(
  db: Database,
  projectId: number,
  taskId: number,
  o: { name?: string; status?: 'open' | 'closed' } = {},
): Promise<{ id: number; name: string }> {
  const name = o.name ?? `Subtask ${uniq()}`;
  const { id } = await first(
    db.orm
      .insert(subtasks)
      .values({ projectId, taskId, name, status: o.status ?? 'open' })
      .returning({ id: subtasks.id }),
  );
  return { id, name };
}

export async function createTicketRow(
  db: Database,
  projectId: number,
  o: { taskId?: number | null; description?: string; status?: 'open' | 'closed' } = {},
): Promise<{ id: number; description: string }> {
  const description = o.description ?? `Ticket ${uniq()}`;
  const { id } = await first(
    db.orm
      .insert(tickets)
      .values({ projectId, taskId: o.taskId ?? null, description, status: o.status ?? 'open' })
      .returning({ id: tickets.id }),
  );
  return { id, description };
}

/**
 * A stored file row; with `storage`, its bytes are written too (so a download answers 200), and
 * with `projectId` or `taskId` it is attached there.
 */
export async function createFileRow(
  db: Database,
  o: {
    storage?: FileStorage;
    bytes?: Buffer;
    name?: string;
    mime?: string;
    createdBy?: number | null;
    projectId?: number;
    taskId?: number;
  } = {},
): Promise<{ id: number; storageKey: string }> {
  const bytes = o.bytes ?? Buffer.from('%PDF-1.4\n% fixture\n');
  const storageKey = o.storage ? o.storage.newKey() : `aa/bb/fixture${uniq()}`;
  if (o.storage) await o.storage.write(storageKey, bytes);
  const { id } = await first(
    db.orm
      .insert(files)
      .values({
        storageKey,
        originalName: o.name ?? 'fixture.pdf',
        mime: o.mime ?? 'application/pdf',
        size: bytes.length,
        createdBy: o.createdBy ?? null,
      })
      .returning({ id: files.id }),
  );
  if (o.projectId !== undefined)
    await db.orm.insert(projectAttachments).values({ projectId: o.projectId, fileId: id, position: 0 });
  if (o.taskId !== undefined) await db.orm.insert(taskAttachments).values({ taskId: o.taskId, fileId: id, position: 0 });
  return { id, storageKey };
}

/** Every kind of record inside one project, for the tenancy matrix: its ids by route parameter name. */
export interface ProjectChain {
  projectId: number;
  deckId: number;
  areaId: number;
  subareaId: number;
  taskId: number;
  subtaskId: number;
  ticketId: number;
  fileId: number;
  taskFileId: number;
}

/**
 * A project attached to the given companies with a deck, an area on it, a sub-area, a task in the
 * area with a sub-task and an open ticket, and a file attached to the project and one to the
 * task (bytes written when `storage` is given).
 */
export async function createProjectChain(
  db: Database,
  o: { companyIds: number[]; storage?: FileStorage; name?: string },
): Promise<ProjectChain> {
  const p = await createProjectRow(db, { companyIds: o.companyIds, ...(o.name ? { name: o.name } : {}) });
  const deck = await createAreaRow(db, p.id, { kind: 'deck', number: '5', name: 'Deck 5' });
  const area = await createAreaRow(db, p.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Cabin' });
  const sub = await createAreaRow(db, p.id, { kind: 'subarea', parentId: area.id, name: 'Bathroom' });
  const task = await createTaskRow(db, p.id, area.id);
  const subtask = await createSubtaskRow(db, p.id, task.id);
  const ticket = await createTicketRow(db, p.id, { taskId: task.id });
  const storage = o.storage ? { storage: o.storage } : {};
  const file = await createFileRow(db, { ...storage, projectId: p.id });
  const taskFile = await createFileRow(db, { ...storage, taskId: task.id });
  return {
    projectId: p.id,
    deckId: deck.id,
    areaId: area.id,
    subareaId: sub.id,
    taskId: task.id,
    subtaskId: subtask.id,
    ticketId: ticket.id,
    fileId: file.id,
    taskFileId: taskFile.id,
  };
}
