import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';
import { api } from '../../../lib/api';
import { authKeys, useCurrentUser } from '../../auth/api';

/** The portal's home: the company's projects (they arrive with the projects feature) and a first-login welcome. */
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
      <EmptyState
        icon={<IconBuildingSkyscraper size={32} stroke={1.5} />}
        title={t('portal.home.emptyTitle')}
        description={t('portal.home.emptyText')}
      />
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
