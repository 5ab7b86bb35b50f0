import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { LeaveRequest } from '@app/shared/leave/leave';
import { formatDate } from '../../../../lib/dates';

export { formatMinutes };

/** "24-11-2026 – 28-11-2026", one day "24-11-2026", part of a day "24-11-2026, 09:00–13:00". */
export function formatPeriod(r: Pick<LeaveRequest, 'startsOn' | 'endsOn' | 'part'>): string {
  if (r.part) return `${formatDate(r.startsOn)}, ${r.part.start}–${r.part.end}`;
  if (r.startsOn === r.endsOn) return formatDate(r.startsOn);
  return `${formatDate(r.startsOn)} – ${formatDate(r.endsOn)}`;
}
