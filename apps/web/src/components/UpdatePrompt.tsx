import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppUpdate } from '../platform/service-worker';

/**
 * "Nieuwe versie": a new service worker has been installed and waits. Accepting lets it take over
 * and reloads the page; otherwise it takes over when every tab of the app has closed.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const update = useAppUpdate();
  if (!update.available) return null;
  return (
    <Paper
      role="status"
      shadow="md"
      withBorder
      p="sm"
      radius="md"
      style={{ position: 'fixed', insetInline: 12, bottom: 12, zIndex: 400, maxWidth: 420, marginInline: 'auto' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <Text fw={600} size="sm">
            {t('common.appUpdate.title')}
          </Text>
          <Text size="sm">{t('common.appUpdate.text')}</Text>
        </div>
        <Button size="sm" leftSection={<IconRefresh size={16} />} onClick={update.apply} style={{ flex: 'none' }}>
          {t('common.appUpdate.apply')}
        </Button>
      </Group>
    </Paper>
  );
}
