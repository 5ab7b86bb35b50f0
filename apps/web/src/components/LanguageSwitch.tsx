import type { Locale } from '@app/shared/locale';
import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../features/auth/guest-api';
import { errorMessage } from '../lib/errors';
import { notify } from '../lib/notify';

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
          .catch((err) => notify.error(errorMessage(t, err)))
          .finally(() => setBusy(false));
      }}
    />
  );
}
