import { Button, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { api } from '../../../lib/api';
import { authKeys, useCurrentUser } from '../../auth/api';
import { ColleaguesBlock, NotificationsBlock, OrdersBlock, ProductsBlock } from '../components/projects/DashboardBlocks';
import { DashboardProjects } from '../components/projects/DashboardProjects';

// Its own chunk: the dashboard's first JS stays within its budget (G6).
const WaitingForYouBlock = lazy(() =>
  import('../components/WaitingForYouBlock').then((m) => ({ default: m.WaitingForYouBlock })),
);

/**
 * The portal's home: the company's projects (active or archived) and the blocks beside them
 * (what waits for the user's decision, latest notifications, orders, products, colleagues), each
 * loading on its own and all at once;
 * and the welcome on a company user's first sign-in.
 */
export function CustomerHomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const qc = useQueryClient();
  const company = user.data.acting_as ?? user.data.guardable.company;
  const [dismissed, setDismissed] = useState(false);
  const welcome = user.data.guardable_type === 'client' && user.data.first_login && !dismissed;
  const seen = useMutation({
    mutationFn: () => api.patch('/api/client/disable-first-login'),
    onSettled: () => qc.invalidateQueries({ queryKey: authKeys.current }),
  });
  return (
    <>
      <PageHeader title={t('portal.home.title')} description={t('portal.home.intro', { company: company?.name ?? '' })} />
      <Stack gap="xl">
        <DashboardProjects />
        <Suspense fallback={<Skeleton h={120} radius="md" aria-hidden />}>
          <WaitingForYouBlock />
        </Suspense>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="dashboard-blocks">
          <NotificationsBlock />
          <OrdersBlock />
          <ProductsBlock />
          <ColleaguesBlock />
        </SimpleGrid>
      </Stack>
      <Modal
        opened={welcome}
        onClose={() => {
          setDismissed(true);
          seen.mutate();
        }}
        title={t('portal.welcome.title', { name: user.data.guardable.first_name })}
        centered
      >
        <Stack>
          <Text>{t('portal.welcome.text', { company: company?.name ?? '' })}</Text>
          <Button
            onClick={() => {
              setDismissed(true);
              seen.mutate();
            }}
          >
            {t('portal.welcome.start')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
