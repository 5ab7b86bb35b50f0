import type { ForgotPasswordInput } from '@app/shared/auth/auth';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/attempt';
import { translateFieldErrors } from '../../../lib/errors';
import { requestPasswordReset } from '../guest-api';
import { emailRule } from '../light-validation';
import { useSmallForm } from '../use-small-form';

/** 'Wachtwoord vergeten': the same answer whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useSmallForm<ForgotPasswordInput>({ email: '' }, { email: emailRule(t) });

  const handleSubmit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await requestPasswordReset({ email: values.email.trim() });
      setSent(true);
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) form.setErrors(translateFieldErrors(t, err.fieldErrors));
      else notifyError(t, err);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={24}>
          {t('auth.forgot.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth.forgot.intro')}
        </Text>
      </div>
      {sent ? (
        <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status">
          {t('auth.forgot.sent', { email: form.values.email })}
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('auth.fields.email')}
              type="email"
              autoComplete="username"
              required
              autoFocus
              {...form.field('email')}
            />
            <Button type="submit" loading={busy} fullWidth>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/auth/login" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}
