import { noBulkParams } from '@app/shared/bulk/bulk';
import { employeeBulkPath } from '@app/shared/users/bulk';
import { type EmployeeListQuery, employeeListQuerySchema } from '@app/shared/users/employees';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod';
import { access } from '../../platform/access';
import { type BulkOutcome, registerBulkAction } from '../../platform/bulk';
import type { Ctx } from '../../platform/context';
import { employeeTitle } from './employees.service';
import * as users from './users.service';

// Bulk deactivate on the employees list: each row is the single deactivate with the
// version it has now (sessions end at once, audit and history); oneself is refused (EMPLOYEE_SELF)
// and skipped, an employee deactivated already stays as they are.

async function labels(ctx: Ctx, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of ids) {
    const name = await employeeTitle(ctx, id);
    if (name !== null) names.set(id, name);
  }
  return names;
}

/** POST /api/users/bulk/deactivate: beside GET /api/users. */
export function registerEmployeeBulkActions(app: FastifyInstance): void {
  registerBulkAction(app, {
    action: 'employees.deactivate',
    path: employeeBulkPath('deactivate'),
    access: access.employee(...PEOPLE_RIGHTS.manageEmployees),
    listQuery: employeeListQuerySchema as unknown as z.ZodType<EmployeeListQuery>,
    params: noBulkParams,
    page: (ctx, q) => users.listEmployees(ctx, q).then((p) => ({ rows: p.data })),
    apply: async (ctx, id): Promise<BulkOutcome> => {
      const e = await users.getEmployee(ctx, id);
      if (e.deletedAt !== null) return 'unchanged';
      await users.deactivateEmployee(ctx, id, e.version);
      return 'changed';
    },
    labels,
    tags: ['employees'],
    summary: 'Deactivate the selected employees (as the single deactivate: their sessions end; oneself is refused)',
  });
}
