/**
 * Bulk actions on the employees list: each row is the single deactivate, with its checks
 * (not oneself), its audit row and its history.
 */
export const EMPLOYEE_BULK_ACTIONS = ['deactivate'] as const;
export type EmployeeBulkAction = (typeof EMPLOYEE_BULK_ACTIONS)[number];
export const employeeBulkPath = (action: EmployeeBulkAction) => `/api/users/bulk/${action}` as const;
