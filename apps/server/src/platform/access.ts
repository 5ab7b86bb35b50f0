import type { Permission } from '@app/shared/platform/permissions';

/**
 * What a route needs from its caller. Every route declares one (Z1); a test walks all routes and
 * fails on any that does not.
 * - public: anyone, signed in or not (CSRF still applies to unsafe methods);
 * - signed-in: any signed-in person, employee or company user, acting or not;
 * - portal: the portal view of a company: a company user, or an employee acting as a company;
 * - employee: a signed-in employee not acting as a company, holding at least one of anyOf (none listed: any employee);
 * - employee-or-portal: either of the two above (uploads: staff attach files, and so does the portal).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'portal' }
  | { kind: 'employee'; anyOf: readonly Permission[] }
  | { kind: 'employee-or-portal'; anyOf: readonly Permission[] };

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signed-in' } as Access,
  portal: { kind: 'portal' } as Access,
  employee: (...anyOf: Permission[]): Access => ({ kind: 'employee', anyOf }),
  employeeOrPortal: (...anyOf: Permission[]): Access => ({ kind: 'employee-or-portal', anyOf }),
};
