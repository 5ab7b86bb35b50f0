import type { CompanyBrand } from '@app/shared/auth/auth';
import { Anchor, Box, Burger, Button, Collapse, Container, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconSettings, IconUserShield } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { AppBreadcrumbs } from '../../components/AppBreadcrumbs';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { logout, stopActingAs, useCurrentUser } from '../../features/auth/api';
import { RouteEffects } from '../RouteEffects';
import { useSession } from '../session';
import classes from './CustomerLayout.module.css';
import { SkipLink, skipTargetProps } from './SkipLink';

export interface HeaderLink {
  to: string;
  label: string;
  end?: boolean;
  external?: boolean;
}

/** The company a portal page is dressed in: the user's own, or the one an employee acts as. */
export function usePortalBrand(): CompanyBrand | null {
  const user = useCurrentUser();
  return user.data.acting_as ?? user.data.guardable.company ?? null;
}

/** 'Ingelogd als <company>' with a way to stop, on every page while an employee acts as a company. */
export function ImpersonationToolbar() {
  const { t } = useTranslation();
  const { actingAs } = useSession();
  const [busy, setBusy] = useState(false);
  if (!actingAs) return null;
  return (
    <Box className={classes.toolbar} role="status" data-testid="impersonation-toolbar">
      <Container size="xl">
        <Group justify="space-between" py={6} wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <IconUserShield size={18} aria-hidden />
            <Text size="sm" fw={500}>
              {t('portal.acting.loggedInAs', { company: actingAs.name })}
            </Text>
          </Group>
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void stopActingAs().finally(() => setBusy(false));
            }}
          >
            {t('portal.acting.stop')}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}

/** Header, links (a toggling menu on phones), page and footer, in the company's colours. */
export function PortalShell({
  brand,
  links,
  actions,
  children,
  homeTo = '/',
}: {
  homeTo?: string;
  brand: CompanyBrand | null;
  links: HeaderLink[];
  actions: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const style = {
    '--portal-primary': brand?.primaryColor ?? 'var(--mantine-color-brand-8)',
    '--portal-secondary': brand?.secondaryColor ?? 'var(--mantine-color-gold-5)',
  } as CSSProperties;
  const linkNodes = links.map((l) =>
    l.external ? (
      <Anchor key={l.to} href={l.to} className={classes.link} onClick={close}>
        {l.label}
      </Anchor>
    ) : (
      <NavLink key={l.to} to={l.to} end={l.end} className={classes.link} onClick={close}>
        {l.label}
      </NavLink>
    ),
  );
  return (
    <Box className={classes.root} style={style}>
      <RouteEffects />
      <SkipLink />
      <ImpersonationToolbar />
      <header className={classes.header}>
        <Container size="xl">
          <Group h={64} justify="space-between" wrap="nowrap">
            <UnstyledButton
              component={Link}
              to={homeTo}
              className={classes.brand}
              aria-label={t('common.nav.homeNamed', { name: brand?.name ?? t('common.appName') })}
            >
              {brand?.logo ? <Image src={brand.logo} alt="" h={36} w="auto" /> : null}
              <Text fw={700} size="lg" c="white" truncate>
                {brand?.name ?? t('common.appName')}
              </Text>
            </UnstyledButton>
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label={t('common.nav.main')} wrap="nowrap">
              {linkNodes}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Box visibleFrom="sm">{actions}</Box>
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                color="white"
                size="sm"
                aria-label={t('common.nav.toggleMenu')}
                aria-expanded={opened}
                data-testid="mobile-menu-toggle"
              />
            </Group>
          </Group>
        </Container>
        <Collapse expanded={opened} hiddenFrom="sm">
          <Stack
            className={classes.mobileMenu}
            gap="xs"
            p="md"
            component="nav"
            aria-label={t('common.nav.mobile')}
            data-testid="mobile-menu"
          >
            {linkNodes}
            <Box pt="xs">{actions}</Box>
          </Stack>
        </Collapse>
      </header>
      <Container size="xl" py="xl" component="main" className={classes.main} {...skipTargetProps}>
        <AppBreadcrumbs />
        {children}
      </Container>
      <footer className={classes.footer}>
        <Container size="xl">
          <Group justify="space-between" py="md" gap="xs">
            <Text size="sm">{t('common.footer.copyright', { year: new Date().getFullYear() })}</Text>
            <Text size="sm" c="dimmed">
              {t('common.footer.tagline')}
            </Text>
          </Group>
        </Container>
      </footer>
    </Box>
  );
}

/** The customer portal, for company users and for employees acting as a company. */
export function CustomerLayout() {
  const { t } = useTranslation();
  const brand = usePortalBrand();
  const { actingAs } = useSession();
  const links: HeaderLink[] = [
    { to: '/', label: t('common.nav.projects'), end: true },
    { to: '/public/products', label: t('common.nav.inspiration') },
  ];
  const actions = (
    <Group gap="xs" wrap="nowrap">
      <LanguageSwitch />
      <Button
        component={Link}
        to="/settings"
        variant="subtle"
        color="white"
        size="compact-sm"
        leftSection={<IconSettings size={16} />}
        className={classes.action}
      >
        {t('common.nav.account')}
      </Button>
      {actingAs ? null : (
        <Button
          variant="subtle"
          color="white"
          size="compact-sm"
          leftSection={<IconLogout size={16} />}
          className={classes.action}
          onClick={() => void logout()}
        >
          {t('common.nav.logout')}
        </Button>
      )}
    </Group>
  );
  return (
    <PortalShell brand={brand} links={links} actions={actions}>
      <Outlet />
    </PortalShell>
  );
}
