import type { CurrentUserResponse } from '@app/shared/auth/auth';
import type { Permission } from '@app/shared/platform/permissions';
import type { Employee, EmployeeRow, MobileSettings } from '@app/shared/users/employees';
import { EMPLOYEE_FIELDS } from '@app/shared/users/employees.rules';
import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../auth/guest-api';

/** Signs in employee `employeeId` (default 1) with these permissions and mobile settings. */
export function signInEmployee(
  qc: QueryClient,
  permissions: Permission[],
  o: { employeeId?: number; planner?: boolean } = {},
): void {
  const id = o.employeeId ?? 1;
  const user: CurrentUserResponse = {
    data: {
      id: 100 + id,
      email: 'hr@outfitting.test',
      name: 'Hanna Rijkens',
      locale: 'nl',
      first_login: false,
      guardable_type: 'employee',
      guardable: {
        id,
        first_name: 'Hanna',
        insertion: null,
        last_name: 'Rijkens',
        function: 'HR',
        self_service: { bookHours: true, overnights: true, planner: o.planner ?? false },
      },
      acting_as: null,
    },
    permissions,
    role: { id: 2, slug: 'hr', name: 'HR', is_admin: false, dashboard_view: 'hr' },
  };
  qc.setQueryData(CURRENT_USER_KEY, user);
}

export const employeeRow = (over: Partial<EmployeeRow> = {}): EmployeeRow => ({
  id: 21,
  name: 'Sanne de Vries',
  email: 'sanne@outfitting.test',
  function: 'Monteur',
  role: { id: 4, name: 'Monteurs' },
  phone: '+31 6 1234 5678',
  exactId: null,
  deletedAt: null,
  lastLoginAt: null,
  expiring: false,
  ...over,
});

const allowed = {
  canEdit: true,
  canEditExactId: true,
  canChangeRole: true,
  canDeactivate: true,
  canRestore: false,
  canEndSessions: true,
  canResendInvitation: true,
  canEditMobile: true,
  reasons: { canRestore: 'EMPLOYEE_NOT_DELETED' as const },
};

/** A profile as users.manage sees another person's. */
export const employee = (over: Partial<Employee> = {}): Employee => ({
  id: 21,
  firstName: 'Sanne',
  insertion: 'de',
  lastName: 'Vries',
  name: 'Sanne de Vries',
  email: 'sanne@outfitting.test',
  privateEmail: null,
  phone: '+31 6 1234 5678',
  function: 'Monteur',
  supplierNumber: null,
  exactId: null,
  role: { id: 4, name: 'Monteurs' },
  locale: 'nl',
  invitation: 'pending',
  lastLoginAt: null,
  deletedAt: null,
  expiring: false,
  isSelf: false,
  selfService: { bookHours: true, overnights: true, planner: false },
  version: 3,
  abilities: allowed,
  editable: [...EMPLOYEE_FIELDS],
  ...over,
});

/** The person's own profile without users.manage. */
export const ownEmployee = (over: Partial<Employee> = {}): Employee =>
  employee({
    id: 1,
    firstName: 'Hanna',
    insertion: null,
    lastName: 'Rijkens',
    name: 'Hanna Rijkens',
    email: 'hanna@outfitting.test',
    invitation: 'accepted',
    isSelf: true,
    abilities: {
      canEdit: true,
      canEditExactId: false,
      canChangeRole: false,
      canDeactivate: false,
      canRestore: false,
      canEndSessions: false,
      canResendInvitation: false,
      canEditMobile: false,
      reasons: {
        canEditExactId: 'FORBIDDEN',
        canChangeRole: 'FORBIDDEN',
        canDeactivate: 'FORBIDDEN',
        canRestore: 'FORBIDDEN',
        canEndSessions: 'FORBIDDEN',
        canResendInvitation: 'FORBIDDEN',
        canEditMobile: 'FORBIDDEN',
      },
    },
    editable: ['email', 'privateEmail', 'phone'],
    ...over,
  });

export const mobileSettings = (over: Partial<MobileSettings> = {}): MobileSettings => ({
  employeeId: 21,
  selfService: { bookHours: true, overnights: true, planner: false },
  version: 3,
  abilities: { canEdit: true, reasons: {} },
  ...over,
});
