import type { ConflictReason } from '@app/shared/planner/availability.rules';
import { List, Stack, Text } from '@mantine/core';
import { confirmAction } from '../../../components/confirm';
import { isApiError } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { formatDay } from '../planner-time';

type T = (key: string, o?: Record<string, unknown>) => string;

/** The reasons of a 409 PLANNER_CONFLICT; null for any other error. */
export function conflictReasons(err: unknown): ConflictReason[] | null {
  if (!isApiError(err) || err.code !== 'PLANNER_CONFLICT') return null;
  const reasons = (err.details as { reasons?: unknown } | undefined)?.reasons;
  return Array.isArray(reasons) ? (reasons as ConflictReason[]) : [];
}

const day = (d: string) => formatDay(d, i18n.language, { year: true });
const period = (t: T, from: string, till: string) =>
  from === till
    ? t('planner.conflict.oneDay', { day: day(from) })
    : t('planner.conflict.days', { from: day(from), to: day(till) });
const when = (start: string, end: string) =>
  start.slice(0, 10) === end.slice(0, 10)
    ? `${day(start.slice(0, 10))} ${start.slice(11)}–${end.slice(11)}`
    : `${day(start.slice(0, 10))} ${start.slice(11)} – ${day(end.slice(0, 10))} ${end.slice(11)}`;

/** One reason in words: "Verlof (Vakantie) op di 24-11-2026", "Al ingepland op Refit (di 24-11-2026 08:00–12:00)". */
export function conflictText(t: T, r: ConflictReason): string {
  switch (r.code) {
    case 'leave':
      return t(r.status === 'pending' ? 'planner.conflict.leavePending' : 'planner.conflict.leave', {
        label: r.label,
        period: period(t, r.from, r.till),
      });
    case 'collective':
      return t('planner.conflict.collective', { label: r.label, period: period(t, r.from, r.till) });
    case 'sick':
      return t('planner.conflict.sick', { period: period(t, r.from, r.till) });
    case 'holiday':
      return t('planner.conflict.holiday', { name: t(`planner.holidays.${r.key}`), day: day(r.date) });
    case 'day_off':
      return t('planner.conflict.day_off', { period: period(t, r.from, r.till) });
    case 'outside_hours':
      return t('planner.conflict.outside_hours', { day: day(r.date), start: r.start, end: r.end });
    case 'overlap':
      return t('planner.conflict.overlap', { project: r.project, when: when(r.start, r.end) });
  }
}

/** Asks whether to plan despite the reasons ("Toch inplannen"); true when the planner confirms. */
export function askToPlanAnyway(t: T, person: string, reasons: readonly ConflictReason[]): Promise<boolean> {
  return confirmAction({
    title: t('planner.conflict.title'),
    message: (
      <Stack gap="xs" component="span" data-testid="planner-conflict">
        <Text size="sm" component="span">
          {t('planner.conflict.intro', { person })}
        </Text>
        <List size="sm" withPadding>
          {reasons.map((r) => (
            <List.Item key={`${r.code}-${JSON.stringify(r)}`}>{conflictText(t, r)}</List.Item>
          ))}
        </List>
      </Stack>
    ),
    confirmLabel: t('planner.conflict.confirm'),
  });
}
