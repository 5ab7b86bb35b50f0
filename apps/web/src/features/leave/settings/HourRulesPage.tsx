import { formatMinutes, parseDuration } from '@app/shared/hours/schedules.rules';
import { type HourRuleView, hourRuleInputSchema, hourRuleUpdateSchema } from '@app/shared/leave/leave';
import {
  Alert,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { TimeField } from '../../../components/dates/TimeField';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { EditorModal, type EditorModalForm, SettingsList, useConfirmedDelete } from '../../../components/SettingsList';
import { EmptyState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { formatDate } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { useDeleteHourRule, useHourRules, useSaveHourRule } from './api';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** "ma, di, wo" or "ma t/m vr" for a run of days. */
function weekdayText(t: (k: string) => string, days: number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length === 7) return t('leaveSettings.rules.everyDay');
  const run = sorted.length >= 3 && sorted.every((d, i) => i === 0 || d === (sorted[i - 1] ?? 0) + 1);
  if (run) {
    return `${t(`leaveSettings.weekdays.${sorted[0]}`)} ${t('leaveSettings.rules.through')} ${t(`leaveSettings.weekdays.${sorted.at(-1)}`)}`;
  }
  return sorted.map((d) => t(`leaveSettings.weekdays.${d}`)).join(', ');
}

/** "18:00–06:00 (tot de volgende dag)" / "hele dag". */
function windowText(t: (k: string) => string, r: Pick<HourRuleView, 'start' | 'end'>): string {
  if (r.start === r.end) return t('leaveSettings.rules.wholeDay');
  const over = r.end <= r.start;
  return `${r.start}–${r.end}${over ? ` ${t('leaveSettings.rules.nextDay')}` : ''}`;
}

/**
 * settings/hours/hour-rules ('Uurregels'): multipliers or fixed allowances for booked hours that
 * start in a window on some weekdays from a date; those that feed overtime add lines to the card.
 */
export function HourRulesPage() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const list = useHourRules();
  const remove = useDeleteHourRule();
  const [editing, setEditing] = useState<HourRuleView | null | undefined>(undefined);

  const handleDelete = useConfirmedDelete<HourRuleView>(remove.mutateAsync, {
    title: (r) => t('leaveSettings.rules.deleteTitle', { name: r.name }),
    message: t('leaveSettings.rules.deleteText'),
    done: (r) => t('leaveSettings.rules.deleted', { name: r.name }),
  });

  return (
    <>
      <PageHeader
        title={t('leaveSettings.rules.title')}
        description={t('leaveSettings.rules.description')}
        actions={
          list.data?.length ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              {t('leaveSettings.rules.add')}
            </Button>
          ) : null
        }
      />
      <Card withBorder radius="md" padding="lg">
        <SettingsList
          list={list}
          label={t('leaveSettings.rules.title')}
          skeletonHeight={56}
          rowPadding={10}
          rowTestId={(r) => `hour-rule-${r.id}`}
          empty={
            <EmptyState
              title={t('leaveSettings.rules.emptyTitle')}
              description={t('leaveSettings.rules.emptyText')}
              action={
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
                  {t('leaveSettings.rules.add')}
                </Button>
              }
            />
          }
          renderRow={(r) => (
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600} c={r.active ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {r.name}
                </Text>
                <Badge size="sm" variant="light" color={r.kind === 'multiplier' ? 'blue' : 'grape'}>
                  {r.kind === 'multiplier'
                    ? t('leaveSettings.rules.percentBadge', { percent: r.percent ?? 0 })
                    : t('leaveSettings.rules.allowanceBadge', { time: formatMinutes(r.allowanceMinutes ?? 0) })}
                </Badge>
                {r.feedsOvertime ? (
                  <Badge size="sm" variant="light" color="teal">
                    {t('leaveSettings.rules.feedsBadge')}
                  </Badge>
                ) : null}
                {r.active ? null : (
                  <Badge size="sm" variant="light" color="red">
                    {t('leaveSettings.rules.inactive')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {weekdayText(t, r.weekdays)} · {windowText(t, r)} ·{' '}
                {t('leaveSettings.rules.fromDate', { date: formatDate(r.effectiveFrom) })}
              </Text>
            </Stack>
          )}
          renderActions={(r) => (
            <RowActions
              editLabel={t('leaveSettings.rules.editFor', { name: r.name })}
              canEdit={r.abilities.canEdit}
              edit={{ onClick: () => setEditing(r) }}
              deleteLabel={t('leaveSettings.rules.deleteFor', { name: r.name })}
              deleteDenied={deniedReason(t, r.abilities, 'canDelete')}
              onDelete={() => void handleDelete(r)}
            />
          )}
        />
      </Card>
      <EditorModal
        editing={editing}
        onClose={() => setEditing(undefined)}
        title={(r) => (r ? t('leaveSettings.rules.editFor', { name: r.name }) : t('leaveSettings.rules.add'))}
        size="lg"
        fullScreen={!!isPhone}
      >
        {(form) => <RuleForm {...form} />}
      </EditorModal>
    </>
  );
}

interface RuleValues {
  name: string;
  weekdays: string[];
  start: string;
  end: string;
  effectiveFrom: string;
  kind: 'multiplier' | 'allowance';
  percent: string;
  allowance: string;
  feedsOvertime: boolean;
  active: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

const toValues = (r: HourRuleView | null): RuleValues => ({
  name: r?.name ?? '',
  weekdays: (r?.weekdays ?? [1, 2, 3, 4, 5]).map(String),
  start: r?.start ?? '18:00',
  end: r?.end ?? '06:00',
  effectiveFrom: r?.effectiveFrom ?? today(),
  kind: r?.kind ?? 'multiplier',
  percent: r?.percent !== null && r?.percent !== undefined ? String(r.percent) : '150',
  allowance: r?.allowanceMinutes ? formatMinutes(r.allowanceMinutes) : '',
  feedsOvertime: r?.feedsOvertime ?? true,
  active: r?.active ?? true,
});

function toFields(v: RuleValues) {
  const percent = /^\d+$/.test(v.percent.trim()) ? Number(v.percent.trim()) : undefined;
  return {
    name: v.name.trim(),
    weekdays: v.weekdays.map(Number).sort((a, b) => a - b),
    start: v.start,
    end: v.end,
    effectiveFrom: v.effectiveFrom,
    kind: v.kind,
    percent: v.kind === 'multiplier' ? (v.percent.trim() ? percent : null) : null,
    allowanceMinutes: v.kind === 'allowance' ? (v.allowance.trim() ? (parseDuration(v.allowance) ?? undefined) : null) : null,
    feedsOvertime: v.feedsOvertime,
    active: v.active,
  };
}

const FIELD_ERRORS = { rename: { allowanceMinutes: 'allowance' }, prefix: 'leaveSettings.validation' };

function RuleForm({ editing, onDone, onCancel, closeGuard }: EditorModalForm<HourRuleView>) {
  const { t } = useTranslation();
  const save = useSaveHourRule();
  const validate = (v: RuleValues) => {
    const errors = zodValidate(editing ? hourRuleUpdateSchema : hourRuleInputSchema, t, {
      from: (x: RuleValues) => ({ ...toFields(x), ...(editing ? { version: editing.version } : {}) }),
      ...FIELD_ERRORS,
    })(v);
    if (v.kind === 'allowance' && v.allowance.trim() && parseDuration(v.allowance) === null) {
      errors.allowance = t('leaveSettings.validation.duration');
    }
    if (v.kind === 'multiplier' && v.percent.trim() && !/^\d+$/.test(v.percent.trim())) {
      errors.percent = t('leaveSettings.validation.percent');
    }
    return errors;
  };
  const editor = useEditor<RuleValues, HourRuleView>({
    initialValues: toValues(editing),
    base: editing ?? undefined,
    validate,
    fieldErrors: FIELD_ERRORS,
    save: (v, base) => {
      const f = toFields(v) as ReturnType<typeof toFields> & { percent: number | null; allowanceMinutes: number | null };
      return base
        ? save.mutateAsync({ id: base.id, input: { ...f, version: base.version } })
        : save.mutateAsync({ id: null, input: f });
    },
    savedMessage: (r) => t(editing ? 'leaveSettings.rules.saved' : 'leaveSettings.rules.created', { name: r.name }),
    onSaved: onDone,
    closeGuard,
  });
  const { form } = editor;
  const v = form.values;
  const allowance = parseDuration(v.allowance);
  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <TextInput
          label={t('leaveSettings.rules.name')}
          required
          maxLength={100}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Input.Wrapper label={t('leaveSettings.rules.weekdays')} required error={form.errors.weekdays}>
          <Chip.Group multiple value={v.weekdays} onChange={(value) => form.setFieldValue('weekdays', value)}>
            <Group gap={6} mt={4} role="group" aria-label={t('leaveSettings.rules.weekdays')}>
              {WEEKDAYS.map((d) => (
                <Chip key={d} value={String(d)} size="sm">
                  {t(`leaveSettings.weekdays.${d}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <TimeField label={t('leaveSettings.rules.start')} required {...form.getInputProps('start')} />
          <TimeField label={t('leaveSettings.rules.end')} required {...form.getInputProps('end')} />
          <DateField label={t('leaveSettings.rules.effectiveFrom')} required {...form.getInputProps('effectiveFrom')} />
        </SimpleGrid>
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
          <Text size="sm">{t('leaveSettings.rules.windowHelp')}</Text>
          {v.start && v.end ? (
            <Text size="sm" fw={500} mt={4} data-testid="rule-window">
              {t('leaveSettings.rules.windowIs', { window: windowText(t, v) })}
            </Text>
          ) : null}
        </Alert>
        <Input.Wrapper label={t('leaveSettings.rules.kind')}>
          <SegmentedControl
            aria-label={t('leaveSettings.rules.kind')}
            fullWidth
            mt={4}
            value={v.kind}
            onChange={(k) => form.setFieldValue('kind', k as RuleValues['kind'])}
            data={[
              { value: 'multiplier', label: t('leaveSettings.rules.multiplier') },
              { value: 'allowance', label: t('leaveSettings.rules.allowance') },
            ]}
          />
        </Input.Wrapper>
        {v.kind === 'multiplier' ? (
          <TextInput
            label={t('leaveSettings.rules.percent')}
            description={t('leaveSettings.rules.percentHint')}
            required
            inputMode="numeric"
            rightSection={<Text size="sm">%</Text>}
            {...form.getInputProps('percent')}
          />
        ) : (
          <TextInput
            label={t('leaveSettings.rules.allowanceMinutes')}
            description={
              allowance !== null
                ? t('leaveSettings.rules.allowanceIs', { time: formatMinutes(allowance) })
                : t('leaveSettings.rules.allowanceHint')
            }
            placeholder="1:00"
            required
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps('allowance')}
          />
        )}
        <Switch
          label={t('leaveSettings.rules.feedsOvertime')}
          description={t('leaveSettings.rules.feedsHint')}
          {...form.getInputProps('feedsOvertime', { type: 'checkbox' })}
        />
        <Switch label={t('leaveSettings.rules.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          {editing ? (
            <div style={{ marginRight: 'auto' }}>
              <HistoryPanel subject="hour_rule" id={editing.id} />
            </div>
          ) : null}
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {editing ? t('common.actions.save') : t('leaveSettings.rules.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
