import { lastMonth } from '@app/shared/exports/exports.rules';
import { hourLockInputSchema } from '@app/shared/hours/hours';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { DateField } from '../../../components/dates/DateField';
import { ErrorState } from '../../../components/States';
import { ApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/attempt';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { translateFieldErrors } from '../../../lib/errors';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useHourLock, useSetHourLock } from '../api';

const VALIDATION_PREFIX = 'exports.validation';

/**
 * The hour lock: "Afgesloten tot en met 31-10-2026" (or "Geen periode afgesloten"), and closing a
 * period through a day after a confirmation (hours on or before it can no longer change), or
 * opening every period again. Shown to those with PEOPLE_RIGHTS.hours; the server checks it.
 */
export function HourLockCard({ today }: { today: string }) {
  const { t } = useTranslation();
  const lock = useHourLock();
  const save = useSetHourLock();
  const form = useForm<{ date: string }>({
    initialValues: { date: lastMonth(today).to },
    validate: (v) =>
      v.date
        ? zodValidate(hourLockInputSchema, t, {
            from: () => ({ lockedThrough: v.date }),
            prefix: VALIDATION_PREFIX,
            rename: { lockedThrough: 'date' },
          })(v)
        : { date: t('validation.required') },
  });

  const apply = async (date: string | null) => {
    const ok = await confirmAction(
      date
        ? {
            title: t('exports.lock.confirmTitle', { date: formatDate(date) }),
            message: t('exports.lock.confirmText'),
            confirmLabel: t('exports.lock.submit'),
            danger: true,
          }
        : {
            title: t('exports.lock.reopenTitle'),
            message: t('exports.lock.reopenText'),
            confirmLabel: t('exports.lock.reopen'),
            danger: true,
          },
    );
    if (!ok) return;
    try {
      await save.mutateAsync(date);
      notify.success(date ? t('exports.lock.saved', { date: formatDate(date) }) : t('exports.lock.reopened'));
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors) {
        form.setErrors(
          translateFieldErrors(t, err.fieldErrors, { prefix: VALIDATION_PREFIX, rename: { lockedThrough: 'date' } }),
        );
      }
      notifyError(t, err, { id: 'hour-lock' });
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="hour-lock-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="hour-lock-title">
          {t('exports.lock.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('exports.lock.hint')}
        </Text>
        {lock.isPending ? (
          <Skeleton h={24} w="60%" aria-busy="true" />
        ) : lock.isError ? (
          <ErrorState error={lock.error} onRetry={() => void lock.refetch()} />
        ) : (
          <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="hour-lock-state">
            {lock.data.lockedThrough ? (
              <IconLock size={20} aria-hidden color="var(--mantine-color-orange-8)" />
            ) : (
              <IconLockOpen size={20} aria-hidden color="var(--mantine-color-teal-8)" />
            )}
            <Stack gap={2}>
              <Text fw={600}>
                {lock.data.lockedThrough
                  ? t('exports.lock.closedThrough', { date: formatDate(lock.data.lockedThrough) })
                  : t('exports.lock.none')}
              </Text>
              {lock.data.setBy && lock.data.setAt ? (
                <Text size="xs" c="dimmed">
                  {t('exports.lock.setBy', { name: lock.data.setBy, date: formatDateTime(lock.data.setAt) })}
                </Text>
              ) : null}
            </Stack>
          </Group>
        )}
        <form onSubmit={form.onSubmit((v) => apply(v.date))} noValidate aria-label={t('exports.lock.formLabel')}>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <DateField label={t('exports.lock.date')} required w={{ base: '100%', xs: 200 }} {...form.getInputProps('date')} />
            <Button
              type="submit"
              mt={{ base: 0, xs: 25 }}
              leftSection={<IconLock size={16} />}
              loading={save.isPending && save.variables !== null}
            >
              {t('exports.lock.submit')}
            </Button>
            {lock.data?.lockedThrough ? (
              <Button
                variant="subtle"
                color="gray"
                mt={{ base: 0, xs: 25 }}
                leftSection={<IconLockOpen size={16} />}
                loading={save.isPending && save.variables === null}
                onClick={() => void apply(null)}
              >
                {t('exports.lock.reopen')}
              </Button>
            ) : null}
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
