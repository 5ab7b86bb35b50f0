import type { EmployeeOption } from '@app/shared/projects/projects';
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
