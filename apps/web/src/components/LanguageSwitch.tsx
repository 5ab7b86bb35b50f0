import type { Locale } from '@app/shared/platform/locale';
import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../features/auth/guest-api';
import { notifyError } from '../lib/attempt';
import { applyLocale, isLocale } from '../lib/i18n';

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
        const previous = i18n.language;
        setBusy(true);
        changeLocale(value as Locale)
          .catch(async (err) => {
            // Not saved: back to the language that is (a reload would show it anyway), so the
            // switch shows the truth and trying again is one click.
            if (isLocale(previous)) await applyLocale(previous).catch(() => {});
            notifyError(t, err);
          })
          .finally(() => setBusy(false));
      }}
    />
  );
}
