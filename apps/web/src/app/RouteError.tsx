import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Anything a route throws: a stale chunk after a deploy asks for a reload; the rest is logged. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const stale = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" maw={480} ta="center">
        <Title order={2}>{t(stale ? 'common.states.updatedTitle' : 'common.states.errorTitle')}</Title>
        <Text c="dimmed">{t(stale ? 'common.states.updatedText' : 'common.states.errorText')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.actions.reload')}</Button>
      </Stack>
    </Center>
  );
}
