import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArchive,
  IconArrowsSort,
  IconBuilding,
  IconPackage,
  IconRefresh,
  IconSettings,
  IconShieldLock,
  IconWorld,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { formatLongDate } from '../../../lib/dates';
import { useCan, useCurrentUser } from '../../auth/api';

function greetingKey(hour: number): string {
  if (hour < 12) return 'home.greeting.morning';
  if (hour < 18) return 'home.greeting.afternoon';
  return 'home.greeting.evening';
}

function Shortcut({ to, icon, title, description }: { to: string; icon: ReactNode; title: string; description: string }) {
  return (
    <Card component={Link} to={to} withBorder padding="lg" radius="md" shadow="xs">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={42} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** The back office's landing page: who you are and the sections you can open. */
export function EmployeeHomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canCompanies = useCan(['companies.manage', 'companies.act-as-client']);
  const canRoles = useCan('users.manage-roles');
  const canArticles = useCan('articles.view');
  const canSync = useCan('articles.sync');
  const canProducts = useCan('products.manage');
  const canSort = useCan('products.sort');
  const now = dayjs();
  return (
    <>
      <PageHeader
        title={t(greetingKey(now.hour()), { name: user.data.guardable.first_name })}
        description={formatLongDate(now.toDate())}
        actions={
          user.role ? (
            <Badge variant="light" size="lg">
              {user.role.name}
            </Badge>
          ) : null
        }
      />
      <Title order={2} size="h4" mb="sm">
        {t('home.shortcuts')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {canProducts ? (
          <Shortcut
            to="/products"
            icon={<IconPackage />}
            title={t('common.nav.productsAdmin')}
            description={t('home.cards.products')}
          />
        ) : null}
        {canArticles ? (
          <Shortcut
            to="/articles"
            icon={<IconArchive />}
            title={t('common.nav.articles')}
            description={t('home.cards.articles')}
          />
        ) : null}
        {canSync ? (
          <Shortcut to="/sync" icon={<IconRefresh />} title={t('common.nav.sync')} description={t('home.cards.sync')} />
        ) : null}
        {canSort ? (
          <Shortcut to="/order" icon={<IconArrowsSort />} title={t('common.nav.order')} description={t('home.cards.order')} />
        ) : null}
        {canCompanies ? (
          <Shortcut
            to="/companies"
            icon={<IconBuilding />}
            title={t('common.nav.companies')}
            description={t('home.cards.companies')}
          />
        ) : null}
        {canRoles ? (
          <Shortcut
            to="/settings/roles"
            icon={<IconShieldLock />}
            title={t('users.roles.title')}
            description={t('home.cards.roles')}
          />
        ) : null}
        <Shortcut
          to="/public/products"
          icon={<IconWorld />}
          title={t('common.nav.inspiration')}
          description={t('home.cards.inspiration')}
        />
        <Shortcut
          to="/settings"
          icon={<IconSettings />}
          title={t('common.nav.settings')}
          description={t('home.cards.settings')}
        />
      </SimpleGrid>
    </>
  );
}
