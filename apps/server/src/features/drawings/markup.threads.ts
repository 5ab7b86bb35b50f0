import type { DrawingComment, MarkupThread } from '@app/shared/drawings/drawings';
import { markupThreadAbilities } from '@app/shared/drawings/markup.rules';
import type { FileInfo } from '@app/shared/files/files';
import type { Viewer } from '@app/shared/platform/abilities';
import type { ThreadCommentRow } from './markup.repository';

// Pure: the rows of a version's threads (markup.repository threadsOf) as the answer's threads.

const iso = (d: Date) => d.toISOString();

const placeholder = (id: number): FileInfo => ({
  id,
  originalName: '',
  mime: 'application/octet-stream',
  size: 0,
  url: `/api/files/${id}`,
  uploadedBy: null,
  createdAt: '',
});

function toComment(c: ThreadCommentRow, files: Map<number, FileInfo>): DrawingComment {
  return {
    id: c.id,
    kind: c.kind,
    body: c.body,
    author: c.author,
    side: c.side,
    actingEmployee: c.actingEmployee,
    files: c.fileIds.map((id) => files.get(id) ?? placeholder(id)),
    createdAt: iso(c.createdAt),
  };
}

/**
 * Groups the comments (oldest first) into threads: each root with its replies in order; a thread
 * placed on another version than the one shown is carried over.
 */
export function toThreads(
  rows: ThreadCommentRow[],
  versionId: number,
  files: Map<number, FileInfo>,
  viewer: Viewer,
): MarkupThread[] {
  const threads = new Map<number, MarkupThread>();
  for (const r of rows) {
    if (r.parentId === null) {
      threads.set(r.id, {
        ...toComment(r, files),
        anchor: r.anchor,
        replies: [],
        resolvedAt: r.resolvedAt ? iso(r.resolvedAt) : null,
        resolvedBy: r.resolvedAt ? r.resolvedBy : null,
        versionId: r.versionId,
        versionNumber: r.versionNumber,
        carriedOver: r.versionId !== versionId,
        abilities: markupThreadAbilities({ resolved: r.resolvedAt !== null }, viewer),
      });
    } else threads.get(r.parentId)?.replies.push(toComment(r, files));
  }
  return [...threads.values()];
}
