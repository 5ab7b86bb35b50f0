import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { LeaveCard, LeaveLine } from '@app/shared/leave/leave';
import { leaveCorrectionInputSchema } from '@app/shared/leave/leave';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/dates/DateField';
import { EmptyState } from '../../../../components/States';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../../components/use-editor';
import { formatDate } from '../../../../lib/dates';
import { zodValidate } from '../../../../lib/form';
import { today } from '../../../hours/weeks';
import { useAddCorrection } from '../api';
import { formatDays, parseSignedDays, parseSignedDuration, signedMinutes } from '../minutes';
import { correctionsIcon, LinesList, useCorrectionColumns } from './LinesParts';

/**
 * The corrections sub-page: the year's corrections (date, description, hours, or days and what they
 * came to), their total as on the card, and for leave.manage (abilities.canCorrect) "add a
 * correction".
 */
export function CorrectionsPart({ userId, year, card }: { userId: number; year: number; card: LeaveCard | undefined }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const columns = useCorrectionColumns();
  const canCorrect = card?.abilities.canCorrect === true;
  const addButton = canCorrect ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
      {t('leave.card.correction.add')}
    </Button>
  ) : null;
  const defaultDate = card && card.year === Number(card.today.slice(0, 4)) ? card.today : `${year}-12-31`;
  return (
    <>
      <LinesList
        userId={userId}
        year={year}
        bucket="corrections"
        columns={columns}
        caption={t('leave.card.lines.correctionsCaption', { year })}
        totalLabel={t('leave.card.totals.corrections')}
        figure={(p) => p.totalMinutes}
        hint={t('leave.card.lines.correctionsHint')}
        actions={addButton ? <Group justify="flex-end">{addButton}</Group> : null}
        empty={
          <EmptyState
            icon={correctionsIcon}
            title={t('leave.card.lines.correctionsEmpty', { year })}
            description={canCorrect ? t('leave.card.lines.correctionsEmptyManage') : t('leave.card.lines.correctionsEmptyText')}
            action={addButton}
          />
        }
      />
      <CorrectionModal
        userId={userId}
        opened={adding}
        defaultDate={card ? defaultDate : today()}
        onClose={() => setAdding(false)}
      />
    </>
  );
}

export interface CorrectionValues {
  date: string;
  description: string;
  unit: 'hours' | 'days';
  amount: string;
}

/** The form's values as the API takes them: minutes or days, whichever the unit says. */
export function correctionInput(v: CorrectionValues) {
  const base = { date: v.date, description: v.description.trim() };
  if (v.unit === 'days') {
    const days = parseSignedDays(v.amount);
    return { ...base, ...(days === null ? {} : { days }) };
  }
  const minutes = parseSignedDuration(v.amount);
  return { ...base, ...(minutes === null ? {} : { minutes }) };
}

const FIELD_ERRORS = { rename: { minutes: 'amount', days: 'amount' }, prefix: 'leave.validation' };

/** "Correctie toevoegen": date, description, and hours (h:mm, either sign) or days. */
export function CorrectionModal(p: { userId: number; opened: boolean; defaultDate: string; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const { close, closeGuard } = useGuardedClose(p.onClose);
  return (
    <Modal opened={p.opened} onClose={close} fullScreen={!!isPhone} centered title={t('leave.card.correction.title')}>
      {p.opened ? (
        <CorrectionForm
          userId={p.userId}
          defaultDate={p.defaultDate}
          onDone={p.onClose}
          onCancel={close}
          closeGuard={closeGuard}
        />
      ) : null}
    </Modal>
  );
}

function CorrectionForm(p: {
  userId: number;
  defaultDate: string;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
}) {
  const { t, i18n } = useTranslation();
  const add = useAddCorrection(p.userId);
  const validate = (v: CorrectionValues) => {
    const errors = zodValidate(leaveCorrectionInputSchema, t, { from: correctionInput, ...FIELD_ERRORS })(v);
    if (!v.amount.trim()) errors.amount = t('leave.validation.amountRequired');
    else if (v.unit === 'hours' && parseSignedDuration(v.amount) === null) errors.amount = t('leave.validation.hours');
    else if (v.unit === 'days' && parseSignedDays(v.amount) === null) errors.amount = t('leave.validation.days');
    return errors;
  };
  const editor = useEditor<CorrectionValues, LeaveLine>({
    initialValues: { date: p.defaultDate, description: '', unit: 'hours', amount: '' },
    validate,
    fieldErrors: FIELD_ERRORS,
    save: (v) => add.mutateAsync(correctionInput(v) as Parameters<typeof add.mutateAsync>[0]),
    savedMessage: (line) => t('leave.card.correction.saved', { time: signedMinutes(line.minutes), date: formatDate(line.date) }),
    onSaved: p.onDone,
    closeGuard: p.closeGuard,
  });
  const { form } = editor;
  const v = form.values;
  const minutes = v.unit === 'hours' ? parseSignedDuration(v.amount) : null;
  const days = v.unit === 'days' ? parseSignedDays(v.amount) : null;
  const hint =
    minutes !== null
      ? t(minutes > 0 ? 'leave.card.correction.adds' : 'leave.card.correction.takes', { time: formatMinutes(Math.abs(minutes)) })
      : days !== null
        ? t(days > 0 ? 'leave.card.correction.addsDays' : 'leave.card.correction.takesDays', {
            count: Math.abs(days),
            days: formatDays(Math.abs(days), i18n.language),
          })
        : t(v.unit === 'hours' ? 'leave.card.correction.hoursHint' : 'leave.card.correction.daysHint');
  return (
    <form {...editor.formProps}>
      <Stack gap="md">
        {editor.banner}
        <DateField label={t('leave.card.correction.date')} required {...form.getInputProps('date')} />
        <TextInput
          label={t('leave.card.correction.description')}
          placeholder={t('leave.card.correction.descriptionPlaceholder')}
          required
          data-autofocus
          {...form.getInputProps('description')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="correction-unit">
            {t('leave.card.correction.unit')}
          </Text>
          <SegmentedControl
            aria-labelledby="correction-unit"
            data={[
              { value: 'hours', label: t('leave.card.correction.inHours') },
              { value: 'days', label: t('leave.card.correction.inDays') },
            ]}
            {...form.getInputProps('unit')}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        <TextInput
          label={v.unit === 'hours' ? t('leave.card.correction.hours') : t('leave.card.correction.days')}
          description={hint}
          placeholder={v.unit === 'hours' ? '-4:00' : '1,5'}
          required
          inputMode="text"
          autoComplete="off"
          {...form.getInputProps('amount')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={p.onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {t('leave.card.correction.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
