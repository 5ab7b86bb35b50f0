import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_MODES,
  type NotificationMode,
  type NotificationPreferences,
} from '@app/shared/notifications/preferences';
import { Button, Card, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../preferences-api';

type Values = Record<string, NotificationMode>;

/** A kind as a form field and catalogue key ('order.info_answered' -> 'order_info_answered': a dot would nest). */
const kindKey = (kind: string) => kind.replaceAll('.', '_');
const toValues = (p: NotificationPreferences): Values => Object.fromEntries(p.data.map((x) => [kindKey(x.kind), x.mode]));

/** The form, once the preferences are loaded: per group, per kind a choice of three. Saves only what changed. */
function PreferencesForm({ prefs }: { prefs: NotificationPreferences }) {
  const { t } = useTranslation();
  const save = useSaveNotificationPreferences();
  const editor = useEditor<Values, NotificationPreferences>({
    initialValues: toValues(prefs),
    base: prefs,
    save: (values, base) => {
      const changed = (base ?? prefs).data
        .filter((p) => values[kindKey(p.kind)] !== undefined && values[kindKey(p.kind)] !== p.mode)
        .map((p) => ({ kind: p.kind, mode: values[kindKey(p.kind)] as NotificationMode }));
      return save.mutateAsync({ preferences: changed });
    },
    toValues,
    savedMessage: () => t('notifications.preferences.saved'),
  });
  const groups = NOTIFICATION_GROUPS.map((g) => ({ group: g, kinds: prefs.data.filter((p) => p.group === g) })).filter(
    (g) => g.kinds.length > 0,
  );
  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {groups.map(({ group, kinds }) => (
          <Stack key={group} gap="sm">
            <Title order={3} size="h5">
              {t(`notifications.preferences.groups.${group}`)}
            </Title>
            {kinds.map((p) => (
              <Radio.Group
                key={p.kind}
                label={t(`notifications.preferences.kinds.${kindKey(p.kind)}`)}
                data-testid={`preference-${p.kind}`}
                {...editor.form.getInputProps(kindKey(p.kind))}
              >
                <Group gap="md" mt={6} wrap="wrap">
                  {NOTIFICATION_MODES.map((m) => (
                    <Radio
                      key={m}
                      value={m}
                      label={
                        m === p.defaultMode
                          ? `${t(`notifications.preferences.modes.${m}`)} (${t('notifications.preferences.default')})`
                          : t(`notifications.preferences.modes.${m}`)
                      }
                    />
                  ))}
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        ))}
        <Text size="sm" c="dimmed">
          {t('notifications.preferences.digestNote')}
        </Text>
        <Group>
          <Button type="submit" loading={editor.busy}>
            {t('notifications.preferences.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * How the signed-in person hears of each kind of event they can receive: a mail at once, the
 * daily overview, or in the app only. On the account settings of both the portal and the back office.
 */
export function NotificationPreferencesCard() {
  const { t } = useTranslation();
  const q = useNotificationPreferences();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="notification-preferences-title">
      <Title order={2} size="h4" id="notification-preferences-title">
        {t('notifications.preferences.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('notifications.preferences.text')}
      </Text>
      {q.isLoading ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('notifications.preferences.loading')}>
          <Skeleton h={20} w={240} />
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : q.error || !q.data ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <PreferencesForm prefs={q.data} />
      )}
    </Card>
  );
}
