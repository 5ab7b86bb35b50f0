import { type ChangePasswordInput, changePasswordInputSchema, PASSWORD_MIN } from '@app/shared/auth/auth';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { PasswordField } from '../../../components/PasswordField';
import { api, isApiError } from '../../../lib/api';
import { errorMessage, translateFieldErrors } from '../../../lib/errors';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api';

/** Language and password of the signed-in person (the real employee, also while acting). */
export function AccountSettings() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const form = useForm<ChangePasswordInput>({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: zodValidate(changePasswordInputSchema, t),
    validateInputOnBlur: true,
  });
  const handleSubmit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await api.patch('/api/user/password', values);
      form.reset();
      notify.success(t('account.password.saved'));
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) form.setErrors(translateFieldErrors(t, err.fieldErrors));
      else notify.error(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  });

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
        <form onSubmit={handleSubmit} noValidate>
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
              <Button type="submit" loading={busy}>
                {t('account.password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
