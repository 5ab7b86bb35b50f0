import { PASSWORD_MIN, resetPasswordInputSchema } from '@app/shared/auth/auth';
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/PasswordField';
import { isApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/attempt';
import { translateFieldErrors } from '../../../lib/errors';
import { zodValidate } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { changeLocale, checkToken, createPassword, resetPassword } from '../guest-api';

/**
 * The token arrives in the link's fragment (#token=...), which browsers never send to a server.
 * It is read once and removed from the address bar, so it cannot reach analytics or a Referer (A11).
 */
function takeToken(): string {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  const fromQuery = new URLSearchParams(window.location.search).get('token');
  const token = fromHash ?? fromQuery ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

let rememberedToken: string | null = null;
function useToken(): string {
  // Survives React's double render in development and re-mounts, not a reload.
  if (rememberedToken === null || window.location.hash.includes('token=')) rememberedToken = takeToken();
  return rememberedToken;
}

type TokenCheck = { isLoading: boolean; isError: boolean; data?: Awaited<ReturnType<typeof checkToken>> };

/** Whether the link's token is live, and for whom (no query cache on the sign-in screens). */
function useTokenCheck(token: string, kind: 'reset' | 'invite'): TokenCheck {
  const [state, setState] = useState<TokenCheck>({ isLoading: token.length > 0, isError: false });
  useEffect(() => {
    if (!token) return;
    let live = true;
    checkToken(token, kind)
      .then(async (data) => {
        // The mail was in the person's language: so is this page, and the sign-in page after it.
        if (live && i18n.language !== data.data.locale) await changeLocale(data.data.locale).catch(() => {});
        if (live) setState({ isLoading: false, isError: false, data });
      })
      .catch(() => live && setState({ isLoading: false, isError: true }));
    return () => {
      live = false;
    };
  }, [token, kind]);
  return state;
}

interface Values {
  password: string;
  password_confirmation: string;
}

function PasswordForm({ kind }: { kind: 'reset' | 'invite' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const ns = kind === 'reset' ? 'auth.newPassword' : 'auth.createPassword';
  const check = useTokenCheck(token, kind);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { password: '', password_confirmation: '' },
    validate: (values) => zodValidate(resetPasswordInputSchema, t)({ ...values, token }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await (kind === 'reset' ? resetPassword : createPassword)({ ...values, token });
      rememberedToken = null;
      // The login page says it (one message, the right one), not a toast beside it as well.
      void navigate(kind === 'reset' ? '/auth/login?reset=done' : '/auth/login?password=set', { replace: true });
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) form.setErrors(translateFieldErrors(t, err.fieldErrors));
      else notifyError(t, err);
      setBusy(false);
    }
  });

  if (!token || check.isError) {
    return (
      <Stack gap="md">
        <Title order={1} fz={24}>
          {t(`${ns}.title`)}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {t(`${ns}.invalid`)}
        </Alert>
        <Anchor component={Link} to="/auth/reset-password" size="sm">
          {t('auth.newPassword.requestNew')}
        </Anchor>
      </Stack>
    );
  }
  if (check.isLoading) return <Loader mx="auto" display="block" role="status" aria-label={t('common.states.loading')} />;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            {t(`${ns}.title`)}
          </Title>
          <Text c="dimmed" size="sm">
            {t(`${ns}.intro`, { name: check.data?.data.name, email: check.data?.data.email })}
          </Text>
        </div>
        <PasswordField
          label={t('auth.fields.newPassword')}
          description={t('auth.fields.passwordHint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          required
          autoFocus
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('auth.fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" loading={busy} fullWidth>
          {t(`${ns}.submit`)}
        </Button>
        <Anchor component={Link} to="/auth/login" size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}

/** 'Recover password' (the spec's 'Recorver password'): a new password from the reset link. */
export function NewPasswordPage() {
  return <PasswordForm kind="reset" />;
}

/** 'Create password': the first password, from the invitation link. */
export function CreatePasswordPage() {
  return <PasswordForm kind="invite" />;
}
