import { Avatar, Box, Group, Menu, Stack, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { logout, useCurrentUser } from '../../features/auth/api';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { SearchLauncher } from '../../features/search/SearchLauncher';
import { useSession } from '../../platform/session';
import classes from './CustomerLayout.module.css';
import { type HeaderLink, PortalShell, usePortalBrand } from './PortalShell';

export { type HeaderLink, ImpersonationToolbar, PortalShell, usePortalBrand } from './PortalShell';

/** Settings and the company's users, with the person's initials on the header (wide screens). */
function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const name = user.data.name;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} data-testid="user-menu">
          {/* Named by its content (the initials are decoration), so the name holds all that shows. */}
          <span className="visually-hidden">{t('portalNews.nav.userMenu', { name })}</span>
          <Group gap={6} wrap="nowrap" aria-hidden>
            <Avatar size={30} radius="xl" name={name} classNames={{ placeholder: classes.avatar }} />
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          {t('portalNews.nav.settings')}
        </Menu.Item>
        <Menu.Item component={Link} to="/users" leftSection={<IconUsers size={16} />}>
          {t('portalNews.nav.users')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The customer portal, for company users and for employees acting as a company: Projecten, Jouw
 * producten, Productbestanden, Nieuws and Inspiratie; the bell; settings and users in the user
 * menu; Uitloggen beside it (the specification lists Logout with the navigation). An employee who
 * acts as the company stops with the toolbar instead, and has no bell of the company's.
 */
export function CustomerLayout() {
  const { t } = useTranslation();
  const brand = usePortalBrand();
  const { actingAs } = useSession();
  const links: HeaderLink[] = [
    { to: '/', label: t('common.nav.projects'), end: true },
    { to: '/company-products', label: t('portal.companyProducts.title') },
    { to: '/orders', label: t('orders.nav') },
    { to: '/drawings', label: t('drawings.nav') },
    { to: '/product-files', label: t('portal.productFiles.title') },
    { to: '/news', label: t('portal.news.title') },
    { to: '/public/products', label: t('common.nav.inspiration') },
  ];
  const logoutButton = (
    <UnstyledButton className={classes.headerButton} onClick={() => void logout()}>
      <IconLogout size={18} aria-hidden />
      <span>{t('common.nav.logout')}</span>
    </UnstyledButton>
  );
  const actions = (
    <Group gap="xs" wrap="nowrap">
      <LanguageSwitch />
      <UserMenu />
      {actingAs ? null : logoutButton}
    </Group>
  );
  const menuActions = (
    <Stack gap="xs" align="flex-start">
      <NavLink to="/settings" className={classes.link}>
        {t('portalNews.nav.settings')}
      </NavLink>
      <NavLink to="/users" className={classes.link}>
        {t('portalNews.nav.users')}
      </NavLink>
      <Box py={4}>
        <LanguageSwitch />
      </Box>
      {actingAs ? null : logoutButton}
    </Stack>
  );
  return (
    <PortalShell
      brand={brand}
      links={links}
      actions={actions}
      menuActions={menuActions}
      tools={
        <>
          <SearchLauncher variant="portal" />
          {actingAs ? null : <NotificationBell />}
        </>
      }
      navFrom="lg"
    >
      <Outlet />
    </PortalShell>
  );
}
