import type { MobileSettings } from '@app/shared/users/employees';
import type { SelfService } from '@app/shared/users/people.rules';
import { Alert, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorButtons } from '../../../components/EditorButtons';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { UserHeader } from '../components/UserHeader';
import { useMobileSettings, useUpdateMobileSettings } from '../employees-api';

const KEYS = ['bookHours', 'overnights', 'planner'] as const satisfies readonly (keyof SelfService)[];

const toValues = (m: MobileSettings): SelfService => ({ ...m.selfService });

/**
 * users.mobile-settings: what the person may do themselves (book their own hours, register
 * their own overnight stays, see the planner). HR (users.manage) switches them; the person sees
 * them read only. A change applies to the person's next request.
 */
export function MobileSettingsPage() {
  const userId = Number(useParams().userId);
  const settings = useMobileSettings(userId);
  return (
    <>
      <UserHeader userId={userId} />
      {settings.isLoading ? (
        <Skeleton h={260} aria-busy="true" />
      ) : settings.data ? (
        <MobileSettingsForm userId={userId} settings={settings.data} reload={async () => (await settings.refetch()).data} />
      ) : (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      )}
    </>
  );
}

function MobileSettingsForm({
  userId,
  settings,
  reload,
}: {
  userId: number;
  settings: MobileSettings;
  reload: () => Promise<MobileSettings | undefined>;
}) {
  const { t } = useTranslation();
  const update = useUpdateMobileSettings(userId);
  const editor = useEditor<SelfService, MobileSettings>({
    initialValues: toValues(settings),
    base: settings,
    save: (v, base) => update.mutateAsync({ ...v, version: (base ?? settings).version }),
    toValues,
    savedMessage: () => t('users.mobile.saved'),
    reload,
  });
  const canEdit = settings.abilities.canEdit;
  const reason = deniedReason(t, settings.abilities, 'canEdit');
  const readOnlyText = reason && settings.abilities.reasons.canEdit !== 'FORBIDDEN' ? reason : t('users.mobile.readOnly');
  return (
    <form {...editor.formProps}>
      <Stack gap="lg" maw={720}>
        {editor.banner}
        {canEdit ? null : (
          <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
            {readOnlyText}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={2} fz="lg">
                {t('users.mobile.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('users.mobile.intro')}
              </Text>
            </Stack>
            {KEYS.map((k) => (
              <Switch
                key={k}
                size="md"
                label={t(`users.mobile.${k}`)}
                description={t(`users.mobile.${k}Text`)}
                disabled={!canEdit}
                {...editor.form.getInputProps(k, { type: 'checkbox' })}
              />
            ))}
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
              {t('users.mobile.note')}
            </Alert>
          </Stack>
        </Card>
        {canEdit ? <EditorButtons editor={editor} /> : null}
      </Stack>
    </form>
  );
}
