import { formatMinutes } from '@app/shared/hours/schedules.rules';
import { type LeaveCard, type SickPeriod, sickPeriodInputSchema, sickPeriodUpdateSchema } from '@app/shared/leave/leave';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFirstAidKit, IconHeartbeat, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../../components/confirm';
import { type Column, DataTable } from '../../../../components/DataTable';
import { DateField } from '../../../../components/dates/DateField';
import { HistoryPanel } from '../../../../components/history/HistoryPanel';
import { EmptyState } from '../../../../components/States';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../../components/use-editor';
import { useAttempt } from '../../../../lib/attempt';
import { formatDate } from '../../../../lib/dates';
import { zodValidate } from '../../../../lib/form';
import { notify } from '../../../../lib/notify';
import { today } from '../../../hours/weeks';
import { useDeleteSickPeriod, useSaveSickPeriod, useSickPeriods } from '../api';
import classes from './card.module.css';

/** What the sick form is open for: a new period, a change, or ending a running one; undefined: closed. */
export type SickTarget = { kind: 'new' } | { kind: 'edit'; period: SickPeriod } | { kind: 'end'; period: SickPeriod } | undefined;

/** "12-03-2026 – 15-03-2026", or "vanaf 12-03-2026" while it runs. */
export function sickPeriodText(t: TFunction, s: Pick<SickPeriod, 'startsOn' | 'endsOn'>): string {
  if (s.endsOn === s.startsOn) return formatDate(s.startsOn);
  return s.endsOn
    ? t('leave.card.sick.period', { from: formatDate(s.startsOn), to: formatDate(s.endsOn) })
    : t('leave.card.sick.periodOpen', { from: formatDate(s.startsOn) });
}

/**
 * The sick sub-page: the person's sick periods touching the year (from, till or still running, the
 * scheduled hours they cover, notes). Sick leave does not count against the balance. With
 * leave.manage (the list's canCreate, each period's abilities): register one, end a running one
 * ("Beter melden"), change or remove one (after a question).
 */
export function SickPart({ userId, year }: { userId: number; year: number; card: LeaveCard | undefined }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const list = useSickPeriods(userId, year);
  const remove = useDeleteSickPeriod(userId);
  const [target, setTarget] = useState<SickTarget>(undefined);
  const canCreate = list.data?.canCreate === true;

  const handleDelete = async (s: SickPeriod) => {
    const ok = await confirmAction({
      title: t('leave.card.sick.deleteTitle'),
      message: t('leave.card.sick.deleteText', { period: sickPeriodText(t, s) }),
      confirmLabel: t('leave.card.sick.deleteConfirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(s);
      notify.success(t('leave.card.sick.deleted', { period: sickPeriodText(t, s) }));
    });
  };

  const columns: Column<SickPeriod>[] = [
    {
      key: 'name',
      header: t('leave.card.sick.periodHeader'),
      render: (s) => (
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={500} className={classes.amount}>
            {sickPeriodText(t, s)}
          </Text>
          {s.endsOn === null ? (
            <Badge color="orange" variant="light" size="sm">
              {t('leave.card.sick.open')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'minutes',
      header: t('leave.card.sick.scheduled'),
      width: 150,
      render: (s) => (
        <Text size="sm" className={classes.amount}>
          {formatMinutes(s.scheduledMinutes)}
        </Text>
      ),
    },
    {
      key: 'notes',
      header: t('leave.card.sick.notes'),
      render: (s) => (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {s.notes || '—'}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('leave.card.sick.actions')}</span>,
      label: t('leave.card.sick.actions'),
      width: 200,
      render: (s) => {
        const period = sickPeriodText(t, s);
        return (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {s.endsOn === null && s.abilities.canEdit ? (
              <Button
                size="compact-sm"
                variant="light"
                color="teal"
                leftSection={<IconHeartbeat size={14} />}
                onClick={() => setTarget({ kind: 'end', period: s })}
                aria-label={t('leave.card.sick.endNamed', { period })}
              >
                {t('leave.card.sick.end')}
              </Button>
            ) : null}
            {s.abilities.canEdit ? (
              <Tooltip label={t('common.actions.edit')}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => setTarget({ kind: 'edit', period: s })}
                  aria-label={t('leave.card.sick.editNamed', { period })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {s.abilities.canDelete ? (
              <Tooltip label={t('common.actions.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => void handleDelete(s)}
                  aria-label={t('leave.card.sick.deleteNamed', { period })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <HistoryPanel compact subject="sick_period" id={s.id} label={t('history.openFor', { name: period })} />
          </Group>
        );
      },
    },
  ];

  const registerButton = canCreate ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({ kind: 'new' })}>
      {t('leave.card.sick.register')}
    </Button>
  ) : null;
  const periods = list.data?.data;
  const total = (periods ?? []).reduce((sum, s) => sum + s.scheduledMinutes, 0);

  return (
    <Stack gap="md">
      {registerButton ? <Group justify="flex-end">{registerButton}</Group> : null}
      {periods && periods.length > 0 ? (
        <Text size="sm" role="status">
          {t('leave.card.sick.summary', { count: periods.length, time: formatMinutes(total) })}{' '}
          <Text span size="sm" c="dimmed">
            {t('leave.card.sick.notCounted')}
          </Text>
        </Text>
      ) : null}
      <DataTable
        caption={t('leave.card.sick.caption', { year })}
        columns={columns.filter(
          (c) => c.key !== 'actions' || canCreate || (periods ?? []).some((s) => s.abilities.canEdit || s.abilities.canDelete),
        )}
        rows={periods}
        rowKey={(s) => s.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        cardSort={false}
        empty={
          <EmptyState
            icon={<IconFirstAidKit size={32} stroke={1.5} />}
            title={t('leave.card.sick.empty', { year })}
            description={canCreate ? t('leave.card.sick.emptyManage') : t('leave.card.sick.emptyText')}
            action={registerButton}
          />
        }
      />
      <SickModal userId={userId} target={target} onClose={() => setTarget(undefined)} />
    </Stack>
  );
}

export interface SickValues {
  startsOn: string;
  endsOn: string;
  notes: string;
}

const sickInput = (v: SickValues) => ({ startsOn: v.startsOn, endsOn: v.endsOn || null, notes: v.notes.trim() });

const FIELD_ERRORS = { prefix: 'leave.validation' };

/** Registering, changing or ending a sick period: from, till (empty while it runs; required to end it) and notes. */
export function SickModal({ userId, target, onClose }: { userId: number; target: SickTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const { close, closeGuard } = useGuardedClose(onClose);
  const title =
    target?.kind === 'end'
      ? t('leave.card.sick.endTitle')
      : target?.kind === 'edit'
        ? t('leave.card.sick.editTitle')
        : t('leave.card.sick.registerTitle');
  return (
    <Modal opened={target !== undefined} onClose={close} fullScreen={!!isPhone} centered title={title}>
      {target ? (
        <SickForm
          key={target.kind === 'new' ? 'new' : `${target.kind}-${target.period.id}`}
          userId={userId}
          target={target}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
        />
      ) : null}
    </Modal>
  );
}

function SickForm(p: {
  userId: number;
  target: NonNullable<SickTarget>;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
}) {
  const { t } = useTranslation();
  const save = useSaveSickPeriod(p.userId);
  const { target } = p;
  const existing = target.kind === 'new' ? undefined : target.period;
  const now = today();
  const initialValues: SickValues = existing
    ? {
        startsOn: existing.startsOn,
        endsOn: existing.endsOn ?? (target.kind === 'end' ? (now >= existing.startsOn ? now : existing.startsOn) : ''),
        notes: existing.notes,
      }
    : { startsOn: now, endsOn: '', notes: '' };

  const validate = (v: SickValues) => {
    const errors = existing
      ? zodValidate(sickPeriodUpdateSchema, t, {
          from: (x: SickValues) => ({ ...sickInput(x), version: existing.version }),
          ...FIELD_ERRORS,
        })(v)
      : zodValidate(sickPeriodInputSchema, t, { from: sickInput, ...FIELD_ERRORS })(v);
    if (target.kind === 'end' && !v.endsOn) errors.endsOn = t('leave.validation.endRequired');
    return errors;
  };

  const editor = useEditor<SickValues, SickPeriod>({
    initialValues,
    base: existing,
    validate,
    fieldErrors: FIELD_ERRORS,
    save: (v, base) =>
      base
        ? save.mutateAsync({ id: base.id, input: { ...sickInput(v), version: base.version } })
        : save.mutateAsync({ id: null, input: sickInput(v) }),
    savedMessage: (s) =>
      target.kind === 'end'
        ? t('leave.card.sick.ended', { date: formatDate(s.endsOn) })
        : target.kind === 'edit'
          ? t('leave.card.sick.saved', { period: sickPeriodText(t, s) })
          : t('leave.card.sick.registered', { period: sickPeriodText(t, s) }),
    onSaved: p.onDone,
    closeGuard: p.closeGuard,
  });
  const { form } = editor;
  return (
    <form {...editor.formProps}>
      <Stack gap="md">
        {editor.banner}
        {target.kind === 'end' && existing ? (
          <Text size="sm">{t('leave.card.sick.endIntro', { from: formatDate(existing.startsOn) })}</Text>
        ) : null}
        <DateField
          label={t('leave.card.sick.startsOn')}
          required
          readOnly={target.kind === 'end'}
          {...form.getInputProps('startsOn')}
        />
        <DateField
          label={target.kind === 'end' ? t('leave.card.sick.endsOnEnd') : t('leave.card.sick.endsOn')}
          description={target.kind === 'end' ? undefined : t('leave.card.sick.endsOnHint')}
          required={target.kind === 'end'}
          data-autofocus={target.kind === 'end' ? true : undefined}
          {...form.getInputProps('endsOn')}
        />
        <Textarea label={t('leave.card.sick.notes')} autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <Group justify="flex-end" gap="sm">
          {existing ? (
            <div style={{ marginRight: 'auto' }}>
              <HistoryPanel subject="sick_period" id={existing.id} />
            </div>
          ) : null}
          <Button variant="default" onClick={p.onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {target.kind === 'end'
              ? t('leave.card.sick.endSubmit')
              : target.kind === 'edit'
                ? t('common.actions.save')
                : t('leave.card.sick.registerSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
