import type { EmployeeOption } from '@app/shared/projects/projects';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import { can } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import * as repo from './employees.repository';

/**
 * The employees to pick as project managers, attached users or assignees: every employee who is
 * not deleted and can sign in (enabled account), by name. Any employee may ask: the names are
 * what every employee sees on the projects anyway.
 */
export async function employeeOptions(ctx: Ctx): Promise<EmployeeOption[]> {
  return repo.employeeOptions(ctx.db.orm);
}

/** An employee's name for the breadcrumbs: to themselves, and to whoever may see other employees; else null. */
export async function employeeTitle(ctx: Ctx, id: number): Promise<string | null> {
  const a = ctx.actor;
  if (a.kind !== 'employee' || (a.employeeId !== id && !can(a, PEOPLE_RIGHTS.viewEmployees))) return null;
  return repo.employeeName(ctx.db.orm, id);
}
