// A placeholder until the screen is built (issue 12).
export function EmployeePage() {
  return null;
}
export function EmployeeCreatePage() {
  return null;
}
