import type { ApproverChoice } from '@app/shared/platform/approvers';
import { approverChoices } from '../../platform/approvers';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as projectsRepo from '../projects/projects.repository';
import * as repo from './drawings.repository';

/**
 * Who staff can name as a drawing's approvers: the users of a company attached to the project who
 * can sign in (active, invitation accepted).
 * @throws PROJECT_NOT_FOUND, VALIDATION_FAILED (companyId not_attached)
 */
export async function listApproverChoices(ctx: Ctx, projectId: number, companyId: number): Promise<ApproverChoice[]> {
  const db = ctx.db.orm;
  if (!(await projectsRepo.findRef(db, ctx.actor, projectId))) throw new AppError('PROJECT_NOT_FOUND');
  if (!(await repo.companyAttached(db, projectId, companyId))) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { companyId: { code: 'not_attached' } } });
  }
  return approverChoices(db, companyId);
}
