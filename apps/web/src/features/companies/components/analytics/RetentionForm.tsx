import { type AnalyticsSettings, analyticsSettingsUpdateSchema } from '@app/shared/analytics/analytics-report';
import { Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditorButtons } from '../../../../components/EditorButtons';
import { ErrorState } from '../../../../components/States';
import { useEditor } from '../../../../components/use-editor';
import { zodValidate } from '../../../../lib/form';
import { useAnalyticsSettings, useUpdateAnalyticsSettings } from '../../analytics-api';

interface Values {
  retentionDays: number | string;
}

const toValues = (s: AnalyticsSettings): Values => ({ retentionDays: s.retentionDays });
const days = (v: Values) => (v.retentionDays === '' ? undefined : Number(v.retentionDays));

function RetentionEditor({
  settings,
  reload,
}: {
  settings: AnalyticsSettings;
  reload: () => Promise<AnalyticsSettings | undefined>;
}) {
  const { t } = useTranslation();
  const update = useUpdateAnalyticsSettings();
  const editor = useEditor<Values, AnalyticsSettings>({
    initialValues: toValues(settings),
    base: settings,
    validate: zodValidate(analyticsSettingsUpdateSchema, t, {
      from: (v: Values) => ({ retentionDays: days(v), version: settings.version }),
      prefix: 'analytics.retention.validation',
    }),
    fieldErrors: { prefix: 'analytics.retention.validation' },
    save: (v, base) => update.mutateAsync({ retentionDays: days(v) ?? 0, version: base?.version ?? settings.version }),
    toValues,
    savedMessage: (s) => t('analytics.retention.saved', { count: s.retentionDays }),
    reload,
  });
  return (
    <form {...editor.formProps} aria-labelledby="analytics-retention-title">
      <Stack gap="sm">
        {editor.banner}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={t('analytics.retention.field')}
            description={t('analytics.retention.hint')}
            required
            min={30}
            max={3650}
            step={30}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            suffix={` ${t('analytics.retention.unit')}`}
            w={{ base: '100%', xs: 260 }}
            {...editor.form.getInputProps('retentionDays')}
          />
          <EditorButtons editor={editor} />
        </Group>
      </Stack>
    </form>
  );
}

/**
 * How long raw page views and logins are kept before only the daily figures remain (30 days to 10
 * years). Shown only to people who may change it (dashboard.change-settings).
 */
export function RetentionForm() {
  const { t } = useTranslation();
  const settings = useAnalyticsSettings(true);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="analytics-retention-title">
            {t('analytics.retention.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('analytics.retention.intro')}
          </Text>
        </Stack>
        {settings.isLoading ? (
          <Skeleton h={60} w={260} />
        ) : settings.data ? (
          <RetentionEditor settings={settings.data} reload={async () => (await settings.refetch()).data} />
        ) : (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        )}
      </Stack>
    </Card>
  );
}
