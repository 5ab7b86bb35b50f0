import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOfflineState } from '../../../lib/offline';

const timeOf = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** Offline: says so, and how old what the screen shows is ("bijgewerkt om 14:05"). Nothing while online. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { online, cachedAt } = useOfflineState();
  if (online) return null;
  return (
    <Alert
      color="orange"
      variant="filled"
      icon={<IconWifiOff size={18} />}
      title={t('field.offline.title')}
      mb="md"
      role="status"
    >
      {cachedAt ? t('field.offline.updatedAt', { time: timeOf(cachedAt) }) : t('field.offline.text')}
    </Alert>
  );
}
