import type { PortalUser } from '@app/shared/portal/portal';
import { Anchor, Avatar, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { useCurrentUser } from '../../auth/api';
import { usePortalUsers } from '../users-api';

/** The own company's people who use the portal, read only: name, job title, e-mail and phone. */
export function PortalUsersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const company = (user.data.acting_as ?? user.data.guardable.company)?.name ?? '';
  const users = usePortalUsers();
  return (
    <>
      <PageHeader title={t('portal.users.title')} description={t('portalNews.users.description', { company })} />
      {users.error ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : !users.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('common.states.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={132} radius="md" />
          ))}
        </SimpleGrid>
      ) : users.data.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={32} stroke={1.5} />}
          title={t('portalNews.users.emptyTitle')}
          description={t('portalNews.users.emptyText')}
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          aria-label={t('portalNews.users.listLabel', { company })}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {users.data.map((u) => (
            <li key={u.id}>
              <UserCard user={u} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

function UserCard({ user: u }: { user: PortalUser }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar name={u.name} color="brand" radius="xl" aria-hidden />
        <Stack gap={6} miw={0}>
          <div>
            <Text fw={600} component="h2" fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
              {u.name}
            </Text>
            <Text size="sm" c="dimmed">
              {u.jobTitle || t('portalNews.users.noJobTitle')}
            </Text>
          </div>
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Anchor
              href={`mailto:${u.email}`}
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
              aria-label={t('portalNews.users.emailNamed', { name: u.name, email: u.email })}
            >
              {u.email}
            </Anchor>
          </Group>
          {u.phone ? (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Anchor
                href={`tel:${u.phone.replace(/[^\d+]/g, '')}`}
                size="sm"
                aria-label={t('portalNews.users.phoneNamed', { name: u.name, phone: u.phone })}
              >
                {u.phone}
              </Anchor>
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
