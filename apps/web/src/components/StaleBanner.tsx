import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Said after a save met 409 STALE_VERSION: someone else saved first; reload to see their version. */
export function StaleBanner({ onReload }: { onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('common.stale.title')} role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('common.stale.text')}</Text>
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

/**
 * An edit form's answer to 409 STALE_VERSION: `markStale()` shows `banner`; its reload refetches
 * `queryKey`, runs `onReload` (a page that tracks its own version forgets it there) and changes
 * `formKey`, so the form, keyed on it, starts again from the fresh copy.
 */
export function useStaleReload(queryKey: QueryKey, onReload?: () => void) {
  const qc = useQueryClient();
  const [stale, setStale] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const banner = stale ? (
    <StaleBanner
      onReload={async () => {
        await qc.invalidateQueries({ queryKey });
        onReload?.();
        setStale(false);
        setFormKey((k) => k + 1);
      }}
    />
  ) : null;
  return { formKey, banner, markStale: () => setStale(true), clearStale: () => setStale(false) };
}
