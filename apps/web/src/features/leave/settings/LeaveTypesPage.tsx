import { formatMinutes, parseDuration } from '@app/shared/hours/schedules.rules';
import {
  type LeavePolicyView,
  type LeaveType,
  leavePolicyUpdateSchema,
  leaveTypeInputSchema,
  leaveTypeUpdateSchema,
} from '@app/shared/leave/leave';
import {
  Badge,
  Box,
  Button,
  Card,
  ColorInput,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { EditorModal, type EditorModalForm, SettingsList, useConfirmedDelete } from '../../../components/SettingsList';
import { EmptyState, ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { zodValidate } from '../../../lib/form';
import { useShownName } from '../../../lib/shown-name';
import { useDeleteLeaveType, useLeavePolicy, useLeaveTypes, useSaveLeavePolicy, useSaveLeaveType } from './api';

/**
 * settings/hours/leave-types ('Verlofsoorten'): the leave types with their colour and code, whether
 * they count against the balance, need a manager's approval and are offered; and the leave
 * policy (a full-time week and the yearly entitlement at full time, pro rata from there).
 */
export function LeaveTypesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('leaveSettings.types.title')} description={t('leaveSettings.types.description')} />
      <Stack gap="lg">
        <LeaveTypeList />
        <PolicyCard />
      </Stack>
    </>
  );
}

/** A colour swatch beside a name (decorative: the code says the same). */
export function Swatch({ color, size = 14 }: { color: string; size?: number }) {
  return (
    <Box
      aria-hidden
      w={size}
      h={size}
      style={{ flex: 'none', borderRadius: 4, background: color, border: '1px solid rgba(0,0,0,.15)' }}
    />
  );
}

function LeaveTypeList() {
  const { t } = useTranslation();
  const headingId = useId();
  const list = useLeaveTypes(true);
  const shown = useShownName();
  const remove = useDeleteLeaveType();
  const [editing, setEditing] = useState<LeaveType | null | undefined>(undefined);

  const handleDelete = useConfirmedDelete<LeaveType>(remove.mutateAsync, {
    title: (lt) => t('leaveSettings.types.deleteTitle', { name: shown(lt) }),
    message: t('leaveSettings.types.deleteText'),
    done: (lt) => t('leaveSettings.types.deleted', { name: shown(lt) }),
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          {t('leaveSettings.types.listTitle')}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)}>
          {t('leaveSettings.types.add')}
        </Button>
      </Group>
      <SettingsList
        list={list}
        labelledBy={headingId}
        skeletonHeight={44}
        rowPadding={10}
        rowTestId={(lt) => `leave-type-${lt.code}`}
        empty={<EmptyState title={t('leaveSettings.types.emptyTitle')} description={t('leaveSettings.types.emptyText')} />}
        renderRow={(lt) => (
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Swatch color={lt.color} />
              <Text size="sm" fw={600} c={lt.active ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {shown(lt)}
              </Text>
              <Badge size="sm" variant="outline" color="gray" style={{ flex: 'none' }}>
                {lt.code}
              </Badge>
            </Group>
            <Group gap={6} wrap="wrap">
              <Badge size="sm" variant="light" color={lt.countsAgainstBalance ? 'blue' : 'gray'}>
                {t(lt.countsAgainstBalance ? 'leaveSettings.types.counts' : 'leaveSettings.types.notCounts')}
              </Badge>
              <Badge size="sm" variant="light" color={lt.needsApproval ? 'orange' : 'gray'}>
                {t(lt.needsApproval ? 'leaveSettings.types.approval' : 'leaveSettings.types.noApproval')}
              </Badge>
              {lt.active ? null : (
                <Badge size="sm" variant="light" color="red">
                  {t('leaveSettings.types.inactive')}
                </Badge>
              )}
              {lt.inUse ? (
                <Badge size="sm" variant="light" color="gray">
                  {t('leaveSettings.types.inUse')}
                </Badge>
              ) : null}
            </Group>
          </Stack>
        )}
        renderActions={(lt) => (
          <RowActions
            editLabel={t('leaveSettings.types.editFor', { name: shown(lt) })}
            canEdit={lt.abilities.canEdit}
            edit={{ onClick: () => setEditing(lt) }}
            deleteLabel={t('leaveSettings.types.deleteFor', { name: shown(lt) })}
            deleteDenied={deniedReason(t, lt.abilities, 'canDelete', {
              LEAVE_TYPE_IN_USE: t('leaveSettings.types.inUseReason'),
            })}
            onDelete={() => void handleDelete(lt)}
          />
        )}
      />
      <EditorModal
        editing={editing}
        onClose={() => setEditing(undefined)}
        title={(lt) => (lt ? t('leaveSettings.types.editFor', { name: shown(lt) }) : t('leaveSettings.types.add'))}
      >
        {(form) => <LeaveTypeForm {...form} />}
      </EditorModal>
    </Card>
  );
}

interface TypeValues {
  name: string;
  nameEn: string;
  code: string;
  color: string;
  countsAgainstBalance: boolean;
  needsApproval: boolean;
  active: boolean;
}

const typeFields = (v: TypeValues) => ({ ...v, name: v.name.trim(), nameEn: v.nameEn.trim(), code: v.code.trim() });

function LeaveTypeForm({ editing, onDone, onCancel, closeGuard }: EditorModalForm<LeaveType>) {
  const { t } = useTranslation();
  const shown = useShownName();
  const save = useSaveLeaveType();
  const editor = useEditor<TypeValues, LeaveType>({
    initialValues: {
      name: editing?.name ?? '',
      nameEn: editing?.nameEn ?? '',
      code: editing?.code ?? '',
      color: editing?.color ?? '#228be6',
      countsAgainstBalance: editing?.countsAgainstBalance ?? true,
      needsApproval: editing?.needsApproval ?? true,
      active: editing?.active ?? true,
    },
    base: editing ?? undefined,
    validate: zodValidate(editing ? leaveTypeUpdateSchema : leaveTypeInputSchema, t, {
      from: (v: TypeValues) => ({ ...typeFields(v), ...(editing ? { version: editing.version } : {}) }),
      prefix: 'leaveSettings.validation',
    }),
    fieldErrors: { prefix: 'leaveSettings.validation' },
    save: (v, base) =>
      base
        ? save.mutateAsync({ id: base.id, input: { ...typeFields(v), version: base.version } })
        : save.mutateAsync({ id: null, input: typeFields(v) }),
    savedMessage: (lt) => t(editing ? 'leaveSettings.types.saved' : 'leaveSettings.types.created', { name: shown(lt) }),
    onSaved: onDone,
    closeGuard,
  });
  const { form } = editor;
  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <TextInput
          label={t('leaveSettings.types.name')}
          required
          maxLength={100}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('leaveSettings.types.nameEn')}
          description={t('leaveSettings.types.nameEnHint')}
          maxLength={100}
          {...form.getInputProps('nameEn')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label={t('leaveSettings.types.code')}
            description={t('leaveSettings.types.codeHint')}
            required
            maxLength={10}
            autoComplete="off"
            {...form.getInputProps('code')}
          />
          <ColorInput
            label={t('leaveSettings.types.color')}
            required
            format="hex"
            withEyeDropper={false}
            swatches={['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#868e96']}
            {...form.getInputProps('color')}
          />
        </SimpleGrid>
        <Switch
          label={t('leaveSettings.types.countsLabel')}
          description={t('leaveSettings.types.countsHint')}
          {...form.getInputProps('countsAgainstBalance', { type: 'checkbox' })}
        />
        <Switch
          label={t('leaveSettings.types.approvalLabel')}
          description={t('leaveSettings.types.approvalHint')}
          {...form.getInputProps('needsApproval', { type: 'checkbox' })}
        />
        <Switch
          label={t('leaveSettings.types.activeLabel')}
          description={t('leaveSettings.types.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          {editing ? (
            <div style={{ marginRight: 'auto' }}>
              <HistoryPanel subject="leave_type" id={editing.id} />
            </div>
          ) : null}
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {editing ? t('common.actions.save') : t('leaveSettings.types.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Reads hours typed as "200:00", "200", "7,5" or "38.5" (longer than a day, unlike parseDuration):
 * minutes, or null when it is not a number of hours. Up to a day it is parseDuration's reading.
 */
export function parseHours(text: string): number | null {
  const s = text.trim();
  const short = parseDuration(s);
  if (short !== null) return short;
  const hm = /^(\d{1,4}):([0-5]\d)$/.exec(s);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2]);
  if (/^\d{1,4}([.,]\d{1,2})?$/.test(s)) return Math.round(Number(s.replace(',', '.')) * 60);
  return null;
}

interface PolicyValues {
  week: string;
  yearly: string;
}

function PolicyCard() {
  const { t } = useTranslation();
  const policy = useLeavePolicy();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {t('leaveSettings.policy.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('leaveSettings.policy.description')}
      </Text>
      {policy.isLoading ? (
        <Skeleton h={80} />
      ) : policy.error ? (
        <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />
      ) : policy.data ? (
        <PolicyForm key={policy.data.version} policy={policy.data} />
      ) : null}
    </Card>
  );
}

const policyToValues = (p: LeavePolicyView): PolicyValues => ({
  week: formatMinutes(p.fullTimeWeekMinutes),
  yearly: formatMinutes(p.yearlyMinutes),
});

function PolicyForm({ policy }: { policy: LeavePolicyView }) {
  const { t } = useTranslation();
  const save = useSaveLeavePolicy();
  const validate = (v: PolicyValues) => {
    const errors = zodValidate(leavePolicyUpdateSchema, t, {
      from: (x: PolicyValues) => ({
        fullTimeWeekMinutes: parseHours(x.week) ?? undefined,
        yearlyMinutes: parseHours(x.yearly) ?? undefined,
        version: policy.version,
      }),
      rename: { fullTimeWeekMinutes: 'week', yearlyMinutes: 'yearly' },
      prefix: 'leaveSettings.validation',
    })(v);
    if (v.week.trim() && parseHours(v.week) === null) errors.week = t('leaveSettings.validation.hours');
    if (v.yearly.trim() && parseHours(v.yearly) === null) errors.yearly = t('leaveSettings.validation.hours');
    return errors;
  };
  const editor = useEditor<PolicyValues, LeavePolicyView>({
    initialValues: policyToValues(policy),
    base: policy,
    validate,
    fieldErrors: { rename: { fullTimeWeekMinutes: 'week', yearlyMinutes: 'yearly' }, prefix: 'leaveSettings.validation' },
    toValues: policyToValues,
    save: (v, base) =>
      save.mutateAsync({
        fullTimeWeekMinutes: parseHours(v.week) ?? 0,
        yearlyMinutes: parseHours(v.yearly) ?? 0,
        version: base?.version ?? policy.version,
      }),
    savedMessage: () => t('leaveSettings.policy.saved'),
  });
  const { form } = editor;
  const week = parseHours(form.values.week);
  const yearly = parseHours(form.values.yearly);
  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('leaveSettings.policy.week')}
            description={t('leaveSettings.policy.weekHint')}
            placeholder="40:00"
            inputMode="decimal"
            autoComplete="off"
            required
            disabled={!policy.canEdit}
            {...form.getInputProps('week')}
          />
          <TextInput
            label={t('leaveSettings.policy.yearly')}
            description={t('leaveSettings.policy.yearlyHint')}
            placeholder="200:00"
            inputMode="decimal"
            autoComplete="off"
            required
            disabled={!policy.canEdit}
            {...form.getInputProps('yearly')}
          />
        </SimpleGrid>
        {week !== null && yearly !== null && week > 0 ? (
          <Text size="sm" c="dimmed" data-testid="policy-days">
            {t('leaveSettings.policy.inDays', {
              days: ((yearly / week) * 5).toLocaleString(undefined, { maximumFractionDigits: 1 }),
              time: formatMinutes(Math.round(week / 5)),
            })}
          </Text>
        ) : null}
        {policy.canEdit ? (
          <Group justify="flex-end">
            <Button type="submit" loading={editor.busy}>
              {t('leaveSettings.policy.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
