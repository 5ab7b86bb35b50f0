import { Button, Center, Loader, EmptyState as MantineEmptyState, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors';

/** An empty list that says what to do next. */
export function EmptyState({
  title,
  description,
  action,
  icon,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <MantineEmptyState
      py="xl"
      title={title}
      description={description}
      icon={icon ?? <IconInbox size={32} stroke={1.5} />}
      withIndicatorBackground
    >
      {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}

/** A failed load with a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <MantineEmptyState
      py="xl"
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={32} stroke={1.5} />}
      title={t('common.states.errorTitle')}
      description={errorMessage(t, error)}
    >
      {onRetry ? (
        <MantineEmptyState.Actions>
          <Button variant="light" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        </MantineEmptyState.Actions>
      ) : null}
    </MantineEmptyState>
  );
}

export function FullPageLoader() {
  return (
    <Center h="100vh" aria-busy="true">
      <Stack align="center">
        <Loader />
      </Stack>
    </Center>
  );
}
