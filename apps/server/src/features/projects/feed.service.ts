import { type Page, pageMeta } from '@app/shared/platform/http';
import type { FeedEvent, FeedQuery } from '@app/shared/projects/feed';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './feed.repository';
import * as projectsRepo from './projects.repository';

/**
 * One page of the project's feed, newest first, optionally one group of kinds (area, task,
 * subtask, ticket): who did it, and the company when it was done while acting as one. Three
 * statements whatever the page size. Deleted projects keep their feed readable.
 * @throws PROJECT_NOT_FOUND
 */
export async function listFeed(ctx: Ctx, projectId: number, q: FeedQuery): Promise<Page<FeedEvent>> {
  const project = await projectsRepo.findRef(ctx.db.orm, ctx.actor, projectId);
  if (!project) throw new AppError('PROJECT_NOT_FOUND');
  const { rows, total } = await repo.listFeed(ctx.db.orm, ctx.actor, projectId, q);
  return {
    data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    meta: pageMeta(q.page, q.perPage, total),
  };
}
