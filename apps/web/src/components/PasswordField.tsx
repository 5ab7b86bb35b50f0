import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's PasswordInput with a translated show/hide button and aria-invalid set from the error. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      {...props}
      aria-invalid={!!props.error}
      visibilityToggleButtonProps={{ 'aria-label': t('common.actions.togglePassword') }}
    />
  );
}
