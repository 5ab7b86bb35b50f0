// The portal's frame, shared by the customer layout and the public area (PublicLayout): kept apart
// from CustomerLayout so the public catalogue's chunk carries no bell, menu or notifications.
import type { CompanyBrand } from '@app/shared/auth/auth';
import {
  Anchor,
  Box,
  Burger,
  Button,
  Collapse,
  Container,
  Group,
  type MantineBreakpoint,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { IconUserShield } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { AppBreadcrumbs } from '../../components/AppBreadcrumbs';
import { stopActingAs, useCurrentUser } from '../../features/auth/api';
import { portalColors } from '../../platform/portal-colors';
import { useSession } from '../../platform/session';
import { RouteEffects } from '../RouteEffects';
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

/** The company's logo; when it has none, or it does not load, the name beside it is the brand. */
function BrandLogo({ src }: { src: string | null }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) return null;
  // A plain <img>: Mantine's Image would be a chunk of its own on the public catalogue's first load (G6).
  return (
    <img
      src={src}
      alt=""
      style={{ height: 36, width: 'auto', maxWidth: 140, objectFit: 'contain', display: 'block' }}
      onError={() => setBroken(src)}
    />
  );
}

/**
 * Header, links (a toggling menu below `navFrom`), page and footer, in the company's colours: the
 * header in its primary colour with white or near-black text, whichever reads (any colour a
 * company picks), and its secondary colour as the accent (the current link's underline, the
 * bell's count). `tools` stay in the header at every width (the bell); `actions` move into the
 * menu on small screens, where `menuActions` (when given) take their place.
 */
export function PortalShell({
  brand,
  links,
  actions,
  menuActions,
  tools,
  navFrom = 'sm',
  children,
  homeTo = '/',
}: {
  homeTo?: string;
  brand: CompanyBrand | null;
  links: HeaderLink[];
  actions: ReactNode;
  menuActions?: ReactNode;
  tools?: ReactNode;
  navFrom?: MantineBreakpoint;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // Any way to another page (a link in the menu, the bell, the browser's back) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new page closes it
  useEffect(() => close(), [pathname]);
  // Escape closes the open menu and gives the focus back to the button that opened it.
  const burger = useRef<HTMLButtonElement>(null);
  useWindowEvent('keydown', (e) => {
    if (!opened || e.key !== 'Escape') return;
    close();
    burger.current?.focus();
  });
  const colors = portalColors(brand);
  const style = {
    '--portal-primary': colors.primary,
    '--portal-on-primary': colors.onPrimary,
    '--portal-secondary': colors.secondary,
    '--portal-on-secondary': colors.onSecondary,
    '--portal-accent': colors.accent,
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
      <header className={classes.header} data-testid="portal-header">
        <Container size="xl">
          <Group h={64} justify="space-between" wrap="nowrap" gap="md">
            <UnstyledButton
              component={Link}
              to={homeTo}
              className={classes.brand}
              aria-label={t('common.nav.homeNamed', { name: brand?.name ?? t('common.appName') })}
            >
              <BrandLogo src={brand?.logo ?? null} />
              {/* Two lines rather than a cut name when the menu leaves little room (1200-1400 px). */}
              <Text fw={700} fz="md" lh={1.2} className={classes.brandName} lineClamp={2}>
                {brand?.name ?? t('common.appName')}
              </Text>
            </UnstyledButton>
            <Group gap="md" visibleFrom={navFrom} component="nav" aria-label={t('common.nav.main')} wrap="nowrap">
              {linkNodes}
            </Group>
            <Group gap="xs" wrap="nowrap">
              {tools}
              <Box visibleFrom={navFrom}>{actions}</Box>
              <Burger
                ref={burger}
                opened={opened}
                onClick={toggle}
                hiddenFrom={navFrom}
                color="var(--portal-on-primary)"
                size="sm"
                aria-label={t('common.nav.toggleMenu')}
                aria-expanded={opened}
                data-testid="mobile-menu-toggle"
              />
            </Group>
          </Group>
        </Container>
        <Collapse expanded={opened} hiddenFrom={navFrom}>
          <Stack
            className={classes.mobileMenu}
            gap="xs"
            p="md"
            component="nav"
            aria-label={t('common.nav.mobile')}
            data-testid="mobile-menu"
          >
            {linkNodes}
            <Box pt="xs">{menuActions ?? actions}</Box>
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
