import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBuildingCog, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../platform/session';
import { stopActingAs } from '../../auth/api';
import { NotFoundPage } from '../../home/pages/NotFoundPage';

/**
 * A back-office address opened while acting as a company (an old tab, a bookmark): the page is
 * not missing, it is in the back office. Offers to stop acting and open it there, or to go on in
 * the portal. A company's own user gets the plain not-found page.
 */
export function BackOfficePage() {
  const { t } = useTranslation();
  const { actingAs } = useSession();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  if (!actingAs) return <NotFoundPage />;
  const here = `${location.pathname}${location.search}${location.hash}`;
  return (
    <Center mih="50vh" px="md">
      <Stack align="center" ta="center" maw={520} data-testid="back-office-page">
        <IconBuildingCog size={48} stroke={1.5} aria-hidden />
        <Title order={1} fz={28}>
          {t('portal.backOffice.title')}
        </Title>
        <Text>{t('portal.backOffice.text', { company: actingAs.name })}</Text>
        <Group justify="center" gap="sm">
          <Button
            leftSection={<IconUserOff size={16} />}
            loading={busy}
            onClick={() => {
              setBusy(true);
              void stopActingAs(here).finally(() => setBusy(false));
            }}
          >
            {t('portal.backOffice.stop')}
          </Button>
          <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('portal.backOffice.stay')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
