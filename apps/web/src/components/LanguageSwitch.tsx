import type { Locale } from '@app/shared/locale';
import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { changeLocale } from '../features/auth/api';
import { errorMessage } from '../lib/errors';

/** NL | EN. The choice is saved on the account (or, signed out, on the session) and survives a reload. */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <SegmentedControl
      size={size}
      aria-label={t('common.language.label')}
      value={i18n.language}
      disabled={busy}
      data={[
        { value: 'nl', label: 'NL' },
        { value: 'en', label: 'EN' },
      ]}
      onChange={(value) => {
        setBusy(true);
        changeLocale(value as Locale)
          .catch((err) => toast.error(errorMessage(t, err)))
          .finally(() => setBusy(false));
      }}
    />
  );
}
