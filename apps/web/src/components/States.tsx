import { Button, Center, Loader, EmptyState as MantineEmptyState, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconLock, IconSearch, IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api';
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

/** A search or filter that found nothing: says so and offers to clear it. */
export function NoMatchState({
  title,
  description,
  clearLabel,
  onClear,
}: {
  title: ReactNode;
  description?: ReactNode;
  clearLabel: ReactNode;
  onClear: () => void;
}) {
  return (
    <EmptyState
      icon={<IconSearch size={32} stroke={1.5} />}
      title={title}
      description={description}
      action={
        <Button variant="light" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  );
}

/**
 * What was asked for does not exist: a 404, or a 400 about the address itself (a path id such as
 * /products/abc). Trying again cannot help, and 'check the highlighted fields' would make no sense.
 */
export function isNotFound(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) return true;
  const fields = Object.keys(error.fieldErrors ?? {});
  return error.status === 400 && fields.length > 0 && fields.every((f) => f.startsWith('params.'));
}

/**
 * What is there, but not for this person: 'Geen toegang', never the not-found words (a breadcrumb
 * that names the record would contradict 'bestaat niet (meer)'). No retry: trying again cannot help.
 */
export function ForbiddenState({ description }: { description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <MantineEmptyState
      py="xl"
      role="alert"
      variant="light"
      icon={<IconLock size={32} stroke={1.5} />}
      title={t('common.forbidden.title')}
      description={description ?? t('common.forbidden.text')}
    >
      <MantineEmptyState.Actions>
        <Button component={Link} to="/" variant="light">
          {t('common.notFound.home')}
        </Button>
      </MantineEmptyState.Actions>
    </MantineEmptyState>
  );
}

/** A failed load with a way to try again; a load of something that does not exist, or is not this person's to see, says so. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 403) {
    // A reason of its own (not the bare FORBIDDEN) is said as it is.
    return <ForbiddenState description={error.code === 'FORBIDDEN' ? undefined : errorMessage(t, error)} />;
  }
  if (isNotFound(error)) {
    return (
      <MantineEmptyState
        py="xl"
        role="alert"
        variant="light"
        icon={<IconSearchOff size={32} stroke={1.5} />}
        title={error.status === 404 ? errorMessage(t, error) : t('common.notFound.title')}
        description={t('common.notFound.text')}
      >
        <MantineEmptyState.Actions>
          <Button component={Link} to="/" variant="light">
            {t('common.notFound.home')}
          </Button>
        </MantineEmptyState.Actions>
      </MantineEmptyState>
    );
  }
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
