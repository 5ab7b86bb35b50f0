import { hasAnyPermission } from '@app/shared/platform/permissions';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import { AppShell, Avatar, Box, Burger, Group, Menu, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBeach,
  IconBuilding,
  IconBuildingWarehouse,
  IconCalendar,
  IconChevronDown,
  IconClipboardCheck,
  IconClock,
  IconDeviceMobile,
  IconHome,
  IconInbox,
  IconLogout,
  IconReceipt,
  IconSettings,
  IconTicket,
  IconTools,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, NavLink as RouterNavLink, useLocation } from 'react-router';
import { AppBreadcrumbs } from '../../components/AppBreadcrumbs';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { logout, useCan, useCurrentUser } from '../../features/auth/api';
import { useSelfService } from '../../features/auth/viewer';
import { OfflineBanner } from '../../features/field/components/OfflineBanner';
import { useOutboxRunner } from '../../features/field/runtime';
import { CATALOGUE_SECTIONS } from '../../features/home/catalogue-sections';
import { NotFoundPage } from '../../features/home/pages/NotFoundPage';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { ROBOX_SECTIONS } from '../../features/robox/sections';
import { SearchLauncher } from '../../features/search/SearchLauncher';
import { UserTabAccess } from '../../features/users/components/UserHeader';
import { useRouteChain } from '../../platform/use-route-chain';
import { RouteEffects } from '../RouteEffects';
import { SkipLink, skipTargetProps } from './SkipLink';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  visible: boolean;
  end?: boolean;
}

/** The sidebar's items above the catalogue group; the others follow it. */
const TOP_ITEMS = [
  '/',
  '/companies',
  '/requests',
  '/projects',
  '/tickets',
  '/planner',
  '/field',
  '/hours',
  '/hours/timesheets',
  '/users/leave',
  '/declarations',
  '/users',
];

/** The back office: a navigation with only the sections this person may open, and the work area. */
export function EmployeeLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const user = useCurrentUser();
  // The field app's outbox (issue 28) is sent from every screen: at start-up, back online, every 30 s.
  useOutboxRunner(user.data.acting_as ? null : user.data.id);
  const location = useLocation();
  const canCompanies = useCan(['companies.manage', 'companies.act-as-client']);
  const canProjects = useCan(['projects.view', 'projects.manage']);
  const selfService = useSelfService();
  // The mobile setting 'see the planner' opens it read only.
  const canPlanner = useCan(['planner.view', 'planner.manage']) || selfService?.planner === true;
  const canRequests = useCan('companies.manage');
  const canEmployees = useCan(PEOPLE_RIGHTS.viewEmployees);
  const canApproveHours = useCan(PEOPLE_RIGHTS.approveHours);
  // A screen whose permission this person lacks looks like one that does not exist (the server
  // refuses its calls either way); its page component never mounts.
  const route = useRouteChain().at(-1)?.meta;
  const needed = route?.permission;
  const allowed = !needed || hasAnyPermission(user.permissions, needed) || (route?.name === 'planner' && canPlanner);

  const items: NavItem[] = [
    { to: '/', label: t('common.nav.home'), icon: <IconHome size={18} />, visible: true, end: true },
    { to: '/companies', label: t('common.nav.companies'), icon: <IconBuilding size={18} />, visible: canCompanies },
    { to: '/requests', label: t('orders.staffNav'), icon: <IconInbox size={18} />, visible: canRequests },
    { to: '/projects', label: t('common.nav.projects'), icon: <IconTools size={18} />, visible: canProjects },
    { to: '/tickets', label: t('common.nav.tickets'), icon: <IconTicket size={18} />, visible: canProjects },
    { to: '/planner', label: t('planner.title'), icon: <IconCalendar size={18} />, visible: canPlanner },
    { to: '/field', label: t('field.nav'), icon: <IconDeviceMobile size={18} />, visible: true },
    { to: '/hours', label: t('hours.nav'), icon: <IconClock size={18} />, visible: true },
    {
      to: '/hours/timesheets',
      label: t('hours.timesheets.nav'),
      icon: <IconClipboardCheck size={18} />,
      visible: canApproveHours,
    },
    { to: '/users/leave', label: t('leave.nav'), icon: <IconBeach size={18} />, visible: true },
    { to: '/declarations', label: t('declarations.nav'), icon: <IconReceipt size={18} />, visible: true },
    { to: '/users', label: t('users.nav'), icon: <IconUsers size={18} />, visible: canEmployees },
    { to: '/public/products', label: t('common.nav.inspiration'), icon: <IconWorld size={18} />, visible: true },
    { to: '/settings', label: t('common.nav.settings'), icon: <IconSettings size={18} />, visible: true },
  ];
  // The catalogue group: the same sections, order and titles as the Catalogus page and the breadcrumbs.
  const catalogue: NavItem[] = CATALOGUE_SECTIONS.filter((c) => hasAnyPermission(user.permissions, c.permission)).map((c) => ({
    to: c.to,
    label: t(c.title),
    icon: <c.Icon size={18} />,
    visible: true,
  }));
  // The Robox area is part of the settings (the specification): its items sit under Instellingen.
  const settingsChildren: NavItem[] = ROBOX_SECTIONS.filter((c) => hasAnyPermission(user.permissions, c.permission)).map((c) => ({
    to: c.to,
    label: t(c.title),
    icon: <c.Icon size={18} />,
    visible: true,
  }));
  const matches = (i: NavItem) =>
    i.end ? location.pathname === i.to : location.pathname === i.to || location.pathname.startsWith(`${i.to}/`);
  // The most specific item wins: /users/leave is "Verlof", not also "Medewerkers".
  const isActive = (i: NavItem) => matches(i) && !items.some((o) => o.visible && o.to.startsWith(`${i.to}/`) && matches(o));
  const inCatalogue = location.pathname === '/catalogue' || catalogue.some(isActive);
  const [catalogueOpen, setCatalogueOpen] = useState(true);
  useEffect(() => {
    if (inCatalogue) setCatalogueOpen(true);
  }, [inCatalogue]);
  const link = (i: NavItem) => (
    <NavLink
      key={i.to}
      component={RouterNavLink}
      to={i.to}
      end={i.end}
      label={i.label}
      leftSection={i.icon}
      onClick={close}
      active={isActive(i)}
    />
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <RouteEffects />
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('common.nav.toggleMenu')} />
            <UnstyledButton component={Link} to="/" aria-label={t('common.nav.homeNamed', { name: t('common.appName') })}>
              <Logo nameFrom="xs" />
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SearchLauncher variant="backoffice" />
            <NotificationBell />
            <LanguageSwitch />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                {/* Named by what it shows (the person's name where there is room) and what it is. */}
                <UnstyledButton data-testid="user-menu">
                  <Group gap={8} wrap="nowrap">
                    <Avatar size={32} radius="xl" color="brand" name={user.data.name} aria-hidden />
                    <Text size="sm" fw={500} visibleFrom="sm">
                      {user.data.name}
                    </Text>
                    <span className="visually-hidden">{t('common.nav.userMenu')}</span>
                    <Box visibleFrom="sm" display="flex">
                      <IconChevronDown size={14} aria-hidden />
                    </Box>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.role?.name ?? t('common.nav.noRole')}</Menu.Label>
                <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
                  {t('common.nav.settings')}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
                  {t('common.nav.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('common.nav.main')}>
        <ScrollArea>
          {items.filter((i) => i.visible && TOP_ITEMS.includes(i.to)).map(link)}
          {catalogue.length > 0 ? (
            <NavLink
              label={t('common.nav.catalogue')}
              leftSection={<IconBuildingWarehouse size={18} />}
              opened={catalogueOpen}
              onChange={setCatalogueOpen}
              childrenOffset={12}
              active={inCatalogue && !catalogueOpen}
            >
              {catalogue.map(link)}
            </NavLink>
          ) : null}
          {items.filter((i) => i.visible && !TOP_ITEMS.includes(i.to)).map(link)}
          {settingsChildren.length > 0 ? <Box pl={12}>{settingsChildren.map(link)}</Box> : null}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" {...skipTargetProps}>
        <OfflineBanner />
        {allowed ? (
          <>
            <AppBreadcrumbs />
            <UserTabAccess pathname={location.pathname}>
              <Outlet />
            </UserTabAccess>
          </>
        ) : (
          <NotFoundPage />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
