/**
 * Test data for the drawings tests and the tenancy matrix: a drawing with versions (each with a
 * stored file) and comments, made directly as rows. Not used by the application.
 */
import type { DrawingStatus, DrawingVersionStatus } from '@app/shared/drawings/drawings.rules';
import type { Database } from '../../db/client';
import { drawingComments, drawings, drawingVersions } from '../../db/schema';
import type { FileStorage } from '../../platform/storage';
import { createFileRow } from '../projects/projects.fixtures';

export interface DrawingFixture {
  id: number;
  name: string;
  /** The version ids, oldest first. */
  versionIds: number[];
  fileIds: number[];
}

/**
 * A drawing of the project for the company. `versions` lists each version's status, oldest first
 * (default: one pending version); the drawing's status follows the last one unless given.
 */
export async function createDrawingRow(
  db: Database,
  o: {
    projectId: number;
    companyId: number;
    name?: string;
    employeeId?: number | null;
    areaId?: number | null;
    versions?: DrawingVersionStatus[];
    status?: DrawingStatus;
    deleted?: boolean;
    storage?: FileStorage;
    createdBy?: number | null;
    comments?: { versionIndex: number; body: string; authorAccountId?: number | null }[];
    /** The versions' file type (default a PDF). */
    mime?: string;
  },
): Promise<DrawingFixture> {
  const versions = o.versions ?? ['pending'];
  const last = versions[versions.length - 1];
  const status: DrawingStatus =
    o.status ?? (last === undefined || last === 'changes_requested' ? 'open' : last === 'approved' ? 'approved' : 'pending');
  const name = o.name ?? `Drawing ${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await db.orm
    .insert(drawings)
    .values({
      projectId: o.projectId,
      companyId: o.companyId,
      name,
      drawingDate: '2026-11-02',
      employeeId: o.employeeId ?? null,
      areaId: o.areaId ?? null,
      status,
      versionCount: versions.length,
      approvedAt: status === 'approved' ? new Date() : null,
      waitingSince: status === 'pending' ? new Date() : null,
      createdBy: o.createdBy ?? null,
      deletedAt: o.deleted ? new Date() : null,
    })
    .returning({ id: drawings.id });
  if (!row) throw new Error('drawing fixture insert returned nothing');
  const versionIds: number[] = [];
  const fileIds: number[] = [];
  for (const [i, s] of versions.entries()) {
    const file = await createFileRow(db, {
      ...(o.storage ? { storage: o.storage } : {}),
      ...(o.mime ? { mime: o.mime } : {}),
      name: `drawing-v${i + 1}.${o.mime?.startsWith('image/') ? 'png' : 'pdf'}`,
    });
    const [v] = await db.orm
      .insert(drawingVersions)
      .values({
        drawingId: row.id,
        number: i + 1,
        fileId: file.id,
        status: s,
        decidedAt: s === 'pending' ? null : new Date(),
        createdBy: o.createdBy ?? null,
      })
      .returning({ id: drawingVersions.id });
    versionIds.push(v?.id as number);
    fileIds.push(file.id);
  }
  for (const c of o.comments ?? []) {
    await db.orm.insert(drawingComments).values({
      drawingId: row.id,
      versionId: versionIds[c.versionIndex] as number,
      body: c.body,
      authorAccountId: c.authorAccountId ?? null,
    });
  }
  return { id: row.id, name, versionIds, fileIds };
}
