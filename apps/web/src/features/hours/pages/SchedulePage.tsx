import type { Schedule } from '@app/shared/hours/schedules';
import { formatMinutes, scheduleOn } from '@app/shared/hours/schedules.rules';
import { partVerdict } from '@app/shared/users/people.rules';
import { ActionIcon, Badge, Button, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconCalendarTime, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { EmptyState, ErrorState } from '../../../components/States';
import { useAttempt } from '../../../lib/attempt';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useViewer } from '../../auth/viewer';
import { UserHeader } from '../../users/components/UserHeader';
import { useDeleteSchedule, useSchedules } from '../api';
import { newScheduleValues, ScheduleEditor, scheduleValues } from '../components/ScheduleEditor';

type Selection = number | 'new' | null;

/**
 * users.schedule ('Rooster'): the versions of a person's schedule (each from its date on, an even
 * and an odd week), which one is in force, and the editor of one version or a new one. Read only
 * for one's own schedule without the rights, and for a version in a locked period, saying why.
 */
export function SchedulePage() {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const userId = Number(useParams().userId);
  const list = useSchedules(userId);
  const viewer = useViewer();
  const canWrite = partVerdict(viewer, 'schedules') === true;
  const [selected, setSelected] = useState<Selection>(null);
  const remove = useDeleteSchedule(userId);

  const versions = list.data?.data ?? [];
  const todayDate = list.data?.today ?? '';
  const current = scheduleOn(versions, todayDate);
  const shownId: Selection = selected ?? current?.id ?? versions[0]?.id ?? null;
  const shown = typeof shownId === 'number' ? versions.find((v) => v.id === shownId) : undefined;

  const readOnlyReason = (s: Schedule): string | null =>
    s.canEdit ? null : canWrite ? t('errors.HOURS_PERIOD_LOCKED') : t('hours.schedule.readOnlyRights');

  const handleDelete = async (s: Schedule) => {
    const ok = await confirmAction({
      title: t('hours.schedule.deleteTitle'),
      message: t('hours.schedule.deleteText', { date: formatDate(s.effectiveFrom) }),
      confirmLabel: t('hours.schedule.deleteConfirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(s);
      if (selected === s.id) setSelected(null);
      notify.success(t('hours.schedule.deleted', { date: formatDate(s.effectiveFrom) }));
    });
  };

  const newButton = canWrite ? (
    <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setSelected('new')} disabled={shownId === 'new'}>
      {t('hours.schedule.add')}
    </Button>
  ) : null;

  let body: ReactNode;
  if (list.isLoading) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.states.loading')}>
        <Skeleton h={20} w={280} />
        <Skeleton h={120} />
        <Skeleton h={360} />
      </Stack>
    );
  } else if (list.error || !list.data) {
    body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    const d = list.data;
    body = (
      <Stack gap="lg">
        <Text>{t('hours.schedule.thisWeek', { week: d.week, parity: t(`hours.parity.${d.parity}`) })}</Text>
        <Stack gap="xs" component="section" aria-labelledby="schedule-versions">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title order={2} fz="lg" id="schedule-versions">
              {t('hours.schedule.versions')}
            </Title>
            {versions.length ? newButton : null}
          </Group>
          {versions.length === 0 ? (
            <EmptyState
              icon={<IconCalendarTime size={32} stroke={1.5} />}
              title={t('hours.schedule.emptyTitle')}
              description={canWrite ? t('hours.schedule.emptyText') : t('hours.schedule.emptyTextOwn')}
              action={shownId === 'new' ? null : newButton}
            />
          ) : (
            <Stack gap="xs">
              {versions.map((s) => (
                <VersionRow
                  key={s.id}
                  schedule={s}
                  isCurrent={s.id === current?.id}
                  isFuture={s.effectiveFrom > todayDate}
                  isShown={s.id === shownId}
                  onShow={() => setSelected(s.id)}
                  onDelete={() => void handleDelete(s)}
                />
              ))}
            </Stack>
          )}
        </Stack>
        {shownId === 'new' ? (
          <ScheduleEditor
            key="new"
            userId={userId}
            schedule={undefined}
            initialValues={newScheduleValues(current ?? versions[0])}
            readOnlyReason={null}
            onSaved={(s) => setSelected(s.id)}
            onCancel={() => setSelected(null)}
          />
        ) : shown ? (
          <ScheduleEditor
            key={`${shown.id}-${shown.version}`}
            userId={userId}
            schedule={shown}
            initialValues={scheduleValues(shown)}
            readOnlyReason={readOnlyReason(shown)}
            onSaved={(s) => setSelected(s.id)}
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <>
      <UserHeader userId={userId} title={t('hours.schedule.title')} />
      {body}
    </>
  );
}

interface RowProps {
  schedule: Schedule;
  isCurrent: boolean;
  isFuture: boolean;
  isShown: boolean;
  onShow: () => void;
  onDelete: () => void;
}

function VersionRow({ schedule: s, isCurrent, isFuture, isShown, onShow, onDelete }: RowProps) {
  const { t } = useTranslation();
  const date = formatDate(s.effectiveFrom);
  return (
    <Card
      withBorder
      padding="sm"
      data-testid={`schedule-${s.id}`}
      aria-current={isShown ? 'true' : undefined}
      style={isShown ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Group gap={6}>
            <Text fw={600}>{t('hours.schedule.from', { date })}</Text>
            {isCurrent ? (
              <Badge variant="light" color="teal">
                {t('hours.schedule.current')}
              </Badge>
            ) : isFuture ? (
              <Badge variant="light" color="blue">
                {t('hours.schedule.upcoming')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('hours.schedule.totals', { even: formatMinutes(s.weekMinutes.even), odd: formatMinutes(s.weekMinutes.odd) })}
          </Text>
        </Stack>
        <Group gap={4}>
          <Button
            variant={isShown ? 'light' : 'subtle'}
            size="sm"
            leftSection={s.canEdit ? <IconPencil size={16} /> : <IconEye size={16} />}
            onClick={onShow}
            aria-label={t(s.canEdit ? 'hours.schedule.editNamed' : 'hours.schedule.viewNamed', { date })}
          >
            {t(s.canEdit ? 'common.actions.edit' : 'hours.schedule.view')}
          </Button>
          {s.canEdit ? (
            <Tooltip label={t('common.actions.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('hours.schedule.deleteNamed', { date })}
                onClick={onDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}
