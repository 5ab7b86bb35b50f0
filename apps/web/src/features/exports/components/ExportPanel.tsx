import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportInput,
  type ExportKind,
  exportInputSchema,
} from '@app/shared/exports/exports';
import { lastMonth, thisMonth } from '@app/shared/exports/exports.rules';
import { viewerCan } from '@app/shared/platform/abilities';
import { localDateString } from '@app/shared/platform/iso-week';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import { Button, Card, Checkbox, Group, Input, Radio, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileExport } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { ApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/attempt';
import { formatDate } from '../../../lib/dates';
import { translateFieldErrors } from '../../../lib/errors';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useViewer } from '../../auth/viewer';
import { useStartExport } from '../api';
import { ExportProgress } from './ExportProgress';
import { RecentExports } from './RecentExports';

type Choice = 'lastMonth' | 'thisMonth' | 'custom';

interface Values {
  choice: Choice;
  from: string;
  to: string;
  format: ExportFormat;
  /** Hours only: the hours of approved weeks, the open weeks listed apart. */
  approvedOnly: boolean;
}

const VALIDATION_PREFIX = 'exports.validation';

/** The period a choice stands for (the typed one for 'custom'). */
function periodOf(v: Values, today: string): { from: string; to: string } {
  if (v.choice === 'lastMonth') return lastMonth(today);
  if (v.choice === 'thisMonth') return thisMonth(today);
  return { from: v.from, to: v.to };
}

/**
 * Choose a period and a format, start the export, follow its progress, download the file.
 * Shown to those with the export rights only (PEOPLE_RIGHTS.export): elsewhere on a shared page
 * (settings/overnights, which hours.manage also opens) it renders nothing.
 */
export function ExportPanel({ kind }: { kind: ExportKind }) {
  const viewer = useViewer();
  if (!viewerCan(viewer, PEOPLE_RIGHTS.export)) return null;
  return <ExportPanelBody kind={kind} />;
}

function ExportPanelBody({ kind }: { kind: ExportKind }) {
  const { t } = useTranslation();
  const today = localDateString(new Date());
  const start = useStartExport();
  const [runId, setRunId] = useState<number | null>(null);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const periodLabelId = useId();
  const initial = lastMonth(today);

  const toInput = (v: Values): ExportInput => ({
    kind,
    format: v.format,
    ...periodOf(v, today),
    ...(kind === 'hours' && v.approvedOnly ? { approvedOnly: true } : {}),
  });
  const form = useForm<Values>({
    initialValues: { choice: 'lastMonth', from: initial.from, to: initial.to, format: 'xlsx', approvedOnly: false },
    validate: zodValidate<Values>(exportInputSchema, t, { from: toInput, prefix: VALIDATION_PREFIX }),
  });

  const run = async (input: ExportInput) => {
    try {
      const started = await start.mutateAsync(input);
      setRunId(started.id);
      notify.success(t('exports.panel.started'));
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors) {
        form.setErrors(translateFieldErrors(t, err.fieldErrors, { prefix: VALIDATION_PREFIX }));
      }
      notifyError(t, err, { id: 'export-start' });
    }
  };

  const handleSubmit = form.onSubmit((v) => run(toInput(v)));
  const period = periodOf(form.values, today);

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={handleSubmit} noValidate aria-labelledby={`${periodLabelId}-title`}>
          <Stack gap="md">
            <Title order={2} size="h4" id={`${periodLabelId}-title`}>
              {t(`exports.panel.title.${kind}`)}
            </Title>
            <Stack gap={4}>
              <Input.Label id={periodLabelId} component="span">
                {t('exports.panel.period')}
              </Input.Label>
              <SegmentedControl
                aria-labelledby={periodLabelId}
                value={form.values.choice}
                onChange={(v) => {
                  form.setFieldValue('choice', v as Choice);
                  form.clearErrors();
                }}
                orientation={isPhone ? 'vertical' : 'horizontal'}
                fullWidth={isPhone}
                w={isPhone ? '100%' : 'fit-content'}
                data={[
                  { value: 'lastMonth', label: t('exports.panel.presets.lastMonth') },
                  { value: 'thisMonth', label: t('exports.panel.presets.thisMonth') },
                  { value: 'custom', label: t('exports.panel.presets.custom') },
                ]}
              />
              {form.values.choice !== 'custom' ? (
                <Text size="sm" c="dimmed" data-testid="export-period">
                  {t('exports.panel.range', { from: formatDate(period.from), to: formatDate(period.to) })}
                </Text>
              ) : null}
              {form.values.choice !== 'custom' && (form.errors.to || form.errors.from) ? (
                <Text size="sm" c="red.8" role="alert">
                  {form.errors.to ?? form.errors.from}
                </Text>
              ) : null}
            </Stack>
            {form.values.choice === 'custom' ? (
              <Group gap="sm" align="flex-start" wrap="wrap">
                <DateField
                  label={t('exports.panel.from')}
                  required
                  w={{ base: '100%', xs: 190 }}
                  {...form.getInputProps('from')}
                />
                <DateField label={t('exports.panel.to')} required w={{ base: '100%', xs: 190 }} {...form.getInputProps('to')} />
              </Group>
            ) : null}
            <Radio.Group label={t('exports.panel.format')} {...form.getInputProps('format')}>
              <Group gap="lg" mt={6}>
                {EXPORT_FORMATS.map((f) => (
                  <Radio key={f} value={f} label={t(`exports.formats.${f}`)} />
                ))}
              </Group>
            </Radio.Group>
            {kind === 'hours' ? (
              <Checkbox
                label={t('exports.panel.approvedOnly')}
                description={t('exports.panel.approvedOnlyText')}
                {...form.getInputProps('approvedOnly', { type: 'checkbox' })}
              />
            ) : null}
            <Group>
              <Button type="submit" loading={start.isPending} leftSection={<IconFileExport size={18} />} fullWidth={isPhone}>
                {t('exports.panel.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {runId !== null ? <ExportProgress runId={runId} onRetry={run} retrying={start.isPending} /> : null}
      <RecentExports kind={kind} />
    </Stack>
  );
}
