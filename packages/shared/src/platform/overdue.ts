/**
 * Overdue: a due date (a Europe/Amsterdam calendar date, YYYY-MM-DD) before today's Amsterdam date
 * while the record still waits for the client. The due day itself is not late yet. Dates in this
 * form compare as strings.
 */
export function isOverdue(dueDate: string | null, waitingForClient: boolean, today: string): boolean {
  return waitingForClient && dueDate !== null && dueDate < today;
}
