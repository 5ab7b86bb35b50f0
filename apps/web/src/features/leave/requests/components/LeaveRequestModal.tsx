import { type LeavePreview, type LeaveRequest, type LeaveRequestInput, leaveRequestInputSchema } from '@app/shared/leave/leave';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/dates/DateField';
import { TimeField } from '../../../../components/dates/TimeField';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../../components/use-editor';
import { errorMessage } from '../../../../lib/errors';
import { zodValidate } from '../../../../lib/form';
import { useShownName } from '../../../../lib/shown-name';
import { PHONE_QUERY } from '../../../declarations/components/FormParts';
import { useEmployeeOptions } from '../../../projects/employees-api';
import { useLeavePreview, useLeaveTypes, useRequestLeave } from '../api';
import { formatMinutes } from './format';
import { LeaveTypeChip } from './StatusBadge';

interface Values {
  employeeId: number | null;
  leaveTypeId: number | null;
  startsOn: string;
  endsOn: string;
  partDay: boolean;
  start: string;
  end: string;
  note: string;
}

const EMPTY: Values = {
  employeeId: null,
  leaveTypeId: null,
  startsOn: '',
  endsOn: '',
  partDay: false,
  start: '08:00',
  end: '12:00',
  note: '',
};

interface Props {
  opened: boolean;
  onClose: () => void;
  /** leave.manage: request for someone else (left empty: for oneself). */
  chooseEmployee: boolean;
  onSaved?: (r: LeaveRequest) => void;
}

/**
 * "Verlof aanvragen": type, from, till (or part of one day with its times), a note, and for a
 * manager the person. Whenever the form holds a complete request the server's preview shows the
 * hours per day (holidays, collective leave and unscheduled days marked), the total and the
 * balance; a request that does not fit the balance cannot be sent.
 */
export function LeaveRequestModal({ opened, onClose, chooseEmployee, onSaved }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const { close, closeGuard } = useGuardedClose(onClose);
  return (
    <Modal opened={opened} onClose={close} centered size="lg" fullScreen={phone} title={t('leaveRequests.form.title')}>
      {opened ? (
        <LeaveRequestForm
          chooseEmployee={chooseEmployee}
          onCancel={close}
          closeGuard={closeGuard}
          onDone={(r) => {
            onSaved?.(r);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

const toInput = (v: Values): LeaveRequestInput => ({
  ...(v.employeeId !== null ? { employeeId: v.employeeId } : {}),
  leaveTypeId: v.leaveTypeId ?? 0,
  startsOn: v.startsOn,
  endsOn: v.partDay ? v.startsOn : v.endsOn,
  part: v.partDay ? { start: v.start, end: v.end } : null,
  note: v.note.trim(),
});

const fieldErrors = {
  rename: { part: 'partDay', 'part.start': 'start', 'part.end': 'end' },
  prefix: 'leaveRequests.validation',
};

function LeaveRequestForm(p: {
  chooseEmployee: boolean;
  onCancel: () => void;
  closeGuard: CloseGuard;
  onDone: (r: LeaveRequest) => void;
}) {
  const { t } = useTranslation();
  const types = useLeaveTypes();
  const typeName = useShownName();
  const employees = useEmployeeOptions();
  const create = useRequestLeave();
  const schemaCheck = zodValidate<Values>(leaveRequestInputSchema, t, { from: toInput, ...fieldErrors });

  const editor = useEditor<Values, LeaveRequest>({
    initialValues: EMPTY,
    validate: (v) => {
      const e: Record<string, string> = schemaCheck(v);
      if (v.leaveTypeId === null) e.leaveTypeId = t('validation.required');
      if (!v.startsOn) e.startsOn = t('validation.required');
      if (!v.partDay && !v.endsOn) e.endsOn = t('validation.required');
      return e;
    },
    fieldErrors,
    save: (v) => create.mutateAsync(toInput(v)),
    savedMessage: (r) =>
      r.status === 'approved'
        ? t('leaveRequests.toasts.createdApproved', { hours: formatMinutes(r.minutes) })
        : t('leaveRequests.toasts.created', { hours: formatMinutes(r.minutes) }),
    onSaved: p.onDone,
    closeGuard: p.closeGuard,
  });
  const { form } = editor;
  const v = form.getValues();

  // The preview: asked once the form holds a request the schema accepts, a moment after typing stops.
  const complete = v.leaveTypeId !== null && Object.keys(schemaCheck(v)).length === 0 && (v.partDay || v.endsOn !== '');
  const [previewInput] = useDebouncedValue(complete ? toInput(v) : null, 300);
  const preview = useLeavePreview(previewInput);
  const shown = previewInput && complete ? preview.data : undefined;
  const blocked = Boolean(shown && (!shown.fits || shown.minutes === 0));

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        {p.chooseEmployee ? (
          <Select<number>
            label={t('leaveRequests.form.employee')}
            description={t('leaveRequests.form.employeeHint')}
            data={(employees.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            searchable
            clearable
            {...form.getInputProps('employeeId')}
          />
        ) : null}
        <Select<number>
          label={t('leaveRequests.form.type')}
          required
          data-autofocus
          data={(types.data ?? []).map((x) => ({ value: x.id, label: `${x.code} · ${typeName(x)}` }))}
          renderOption={({ option }) => {
            const type = types.data?.find((x) => x.id === option.value);
            return type ? <LeaveTypeChip type={type} /> : option.label;
          }}
          nothingFoundMessage={t('leaveRequests.form.noTypes')}
          {...form.getInputProps('leaveTypeId')}
        />
        <Switch
          label={t('leaveRequests.form.partDay')}
          description={t('leaveRequests.form.partDayHint')}
          {...form.getInputProps('partDay', { type: 'checkbox' })}
        />
        {v.partDay ? (
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <DateField label={t('leaveRequests.form.date')} required {...form.getInputProps('startsOn')} />
            <TimeField label={t('leaveRequests.form.start')} required {...form.getInputProps('start')} />
            <TimeField label={t('leaveRequests.form.end')} required {...form.getInputProps('end')} />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateField
              label={t('leaveRequests.form.from')}
              required
              {...form.getInputProps('startsOn')}
              onChange={(v) => {
                const from = v;
                form.setFieldValue('startsOn', from);
                const till = form.getValues().endsOn;
                if (from && (!till || till < from)) form.setFieldValue('endsOn', from);
              }}
            />
            <DateField label={t('leaveRequests.form.till')} required {...form.getInputProps('endsOn')} />
          </SimpleGrid>
        )}
        <Textarea label={t('leaveRequests.form.note')} autosize minRows={2} maxLength={1000} {...form.getInputProps('note')} />
        <PreviewPanel
          preview={shown}
          loading={complete && (preview.isFetching || previewInput === null)}
          error={complete ? preview.error : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy} disabled={blocked}>
            {t('leaveRequests.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PreviewPanel({ preview, loading, error }: { preview: LeavePreview | undefined; loading: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {errorMessage(t, error)}
      </Alert>
    );
  }
  if (!preview) {
    return (
      <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)">
        <Group gap="xs">
          {loading ? <Loader size="xs" /> : <IconInfoCircle size={16} aria-hidden />}
          <Text size="sm" c="dimmed">
            {loading ? t('leaveRequests.preview.loading') : t('leaveRequests.preview.empty')}
          </Text>
        </Group>
      </Paper>
    );
  }
  const after = preview.balance - preview.minutes;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="leave-preview" aria-busy={loading}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('leaveRequests.preview.title')}
        </Text>
        <ScrollArea.Autosize mah={220} type="auto">
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('leaveRequests.preview.day')}</Table.Th>
                <Table.Th ta="right">{t('leaveRequests.preview.hours')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.days.map((d) => (
                <Table.Tr key={d.date} c={d.excluded ? 'dimmed' : undefined}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {dayjs(d.date).format('dd DD-MM-YYYY')}
                    {d.excluded ? (
                      <Text component="span" size="xs" c="dimmed" ml={6}>
                        ({t(`leaveRequests.preview.excluded.${d.excluded}`)})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMinutes(d.minutes)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t('leaveRequests.preview.total')}
          </Text>
          <Text fw={600} size="sm" data-testid="leave-preview-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMinutes(preview.minutes)}
          </Text>
        </Group>
        {preview.countsAgainstBalance ? (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('leaveRequests.preview.balance', { balance: formatMinutes(preview.balance) })}
            </Text>
            <Text size="sm" c={after < 0 ? 'red' : 'dimmed'}>
              {t('leaveRequests.preview.after', { after: formatMinutes(after) })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('leaveRequests.preview.notCounted')}
          </Text>
        )}
        {preview.minutes === 0 ? (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {t('errors.LEAVE_NO_HOURS')}
          </Alert>
        ) : !preview.fits ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {t('leaveRequests.preview.overBalance', {
              hours: formatMinutes(preview.minutes),
              balance: formatMinutes(preview.balance),
            })}
          </Alert>
        ) : !preview.needsApproval ? (
          <Alert color="teal" icon={<IconCircleCheck size={18} />}>
            {t('leaveRequests.preview.noApproval')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
