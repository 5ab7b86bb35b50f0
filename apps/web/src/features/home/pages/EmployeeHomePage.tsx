import { hasAnyPermission } from '@app/shared/platform/permissions';
import { Badge, SimpleGrid, Title } from '@mantine/core';
import { IconBuilding, IconSettings, IconShieldLock, IconWorld } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { formatLongDate } from '../../../lib/dates';
import { useCan, useCurrentUser } from '../../auth/api';
import { MyPlannerCard } from '../../planner/components/MyPlannerCard';
import { CATALOGUE_SECTIONS } from '../catalogue-sections';
import { ClientsCard } from '../components/ClientsCard';
import { Shortcut } from '../components/Shortcut';

/** The catalogue's most used sections, first on the home page (the rest are on the Catalogus page). */
const HOME_CATALOGUE = ['/products', '/articles', '/sync', '/order'].flatMap((to) =>
  CATALOGUE_SECTIONS.filter((c) => c.to === to),
);

function greetingKey(hour: number): string {
  if (hour < 12) return 'home.greeting.morning';
  if (hour < 18) return 'home.greeting.afternoon';
  return 'home.greeting.evening';
}

/** The back office's landing page: who you are and the sections you can open. */
export function EmployeeHomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canCompanies = useCan(['companies.manage', 'companies.act-as-client']);
  const canRoles = useCan('users.manage-roles');
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
      <MyPlannerCard />
      <ClientsCard />
      <Title order={2} size="h4" mb="sm">
        {t('home.shortcuts')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {HOME_CATALOGUE.filter((c) => hasAnyPermission(user.permissions, c.permission)).map((c) => (
          <Shortcut key={c.to} to={c.to} icon={<c.Icon />} title={t(c.title)} description={t(c.text)} />
        ))}
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
