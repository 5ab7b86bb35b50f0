import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Said after a save met 409 STALE_VERSION: someone else saved first; reload to see their version.
 * Editors get it from `useEditor`; `text` replaces the general explanation (e.g. naming the role).
 */
export function StaleBanner({ onReload, text }: { onReload: () => Promise<unknown>; text?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('common.stale.title')} role="alert">
      <Stack gap="xs">
        <Text size="sm">{text ?? t('common.stale.text')}</Text>
        <Group>
          <Button
            size="xs"
            variant="light"
            color="orange"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onReload();
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('common.stale.reload')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
