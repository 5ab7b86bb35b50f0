import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/PasswordField';
import { isApiError } from '../../../lib/api';
import { errorMessage, translateFieldErrors } from '../../../lib/errors';
import { login } from '../guest-api';
import { emailRule, requiredRule } from '../light-validation';
import { useSmallForm } from '../use-small-form';

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSmallForm<{ email: string; password: string }>(
    { email: '', password: '' },
    { email: emailRule(t), password: requiredRule(t) },
  );
  const [busy, setBusy] = useState(false);

  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    setBusy(true);
    try {
      await login({ email: values.email.trim(), password: values.password }, params.get('redirect'));
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) form.setErrors(translateFieldErrors(t, err.fieldErrors));
      else if (isApiError(err) && err.code === 'LOGIN_FAILED') setFailure(t('auth.login.failed'));
      else setFailure(errorMessage(t, err));
      setBusy(false);
    }
  });

  return (
    // data-first-screen: the server sends this form as HTML before the app has loaded (prerender.tsx);
    // the app takes that HTML's place once its own form is there (app/takeover.ts).
    <form onSubmit={handleSubmit} noValidate data-first-screen="login">
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            {t('auth.login.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth.login.intro')}
          </Text>
        </div>
        {params.get('reset') === 'done' || params.get('password') === 'set' ? (
          <Alert color="green" variant="light">
            {t(params.get('reset') === 'done' ? 'auth.newPassword.done' : 'auth.createPassword.done')}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          required
          autoFocus
          data-autofocus
          {...form.field('email')}
        />
        <PasswordField label={t('auth.fields.password')} autoComplete="current-password" required {...form.field('password')} />
        <Button type="submit" loading={busy} fullWidth>
          {t('auth.login.submit')}
        </Button>
        <Anchor component={Link} to="/auth/reset-password" size="sm" ta="center">
          {t('auth.login.forgot')}
        </Anchor>
      </Stack>
    </form>
  );
}
