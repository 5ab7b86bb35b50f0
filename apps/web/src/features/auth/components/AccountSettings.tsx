import { type ChangePasswordInput, changePasswordInputSchema, PASSWORD_MIN } from '@app/shared/auth/auth';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { PasswordField } from '../../../components/PasswordField';
import { useEditor } from '../../../components/use-editor';
import { api } from '../../../lib/api';
import { zodValidate } from '../../../lib/form';
import { useCurrentUser } from '../../auth/api';
import { NotificationPreferencesCard } from '../../notifications/components/NotificationPreferencesCard';

const noPassword: ChangePasswordInput = { current_password: '', password: '', password_confirmation: '' };

/**
 * Language, password and notification preferences of the signed-in person (the real employee,
 * also while acting). Leaving the page with a password typed in but not saved asks first.
 */
export function AccountSettings() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const editor = useEditor<ChangePasswordInput, null>({
    initialValues: noPassword,
    validate: zodValidate(changePasswordInputSchema, t),
    save: (values) => api.patch('/api/user/password', values).then(() => null),
    // Saved: the fields are emptied again (a password is never shown back).
    toValues: () => noPassword,
    savedMessage: () => t('account.password.saved'),
  });
  const { form } = editor;

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {t('account.language.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('account.language.text')}
            </Text>
          </div>
          <LanguageSwitch size="sm" />
        </Group>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="password-title">
        <Title order={2} size="h4" id="password-title">
          {t('account.password.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('account.password.text', { email: user.data.email })}
        </Text>
        <form {...editor.formProps}>
          <Stack gap="sm" maw={420}>
            <PasswordField
              label={t('account.password.current')}
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
            <PasswordField
              label={t('auth.fields.newPassword')}
              description={t('auth.fields.passwordHint', { min: PASSWORD_MIN })}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordField
              label={t('auth.fields.passwordConfirmation')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password_confirmation')}
            />
            <Group>
              <Button type="submit" loading={editor.busy}>
                {t('account.password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <NotificationPreferencesCard />
    </Stack>
  );
}
