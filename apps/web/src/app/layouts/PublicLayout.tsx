import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconLogin } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { queryClient } from '../../lib/query';
import { useSession } from '../../platform/session';
import classes from './CustomerLayout.module.css';
import { type HeaderLink, PortalShell } from './PortalShell';

const COMPANY_WEBSITE = import.meta.env.VITE_COMPANY_WEBSITE ?? 'https://www.example.com';

/**
 * The public area (/public) for visitors and employees: the client layout, with Products and a
 * link back to the company website for a visitor. Signed-in customers see it in their own layout.
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const { routeSet } = useSession();
  const signedOut = routeSet === 'guest';
  const links: HeaderLink[] = signedOut
    ? [
        { to: '/public/products', label: t('common.nav.products') },
        { to: COMPANY_WEBSITE, label: t('common.nav.website'), external: true },
      ]
    : [{ to: '/public/products', label: t('common.nav.products') }];
  const actions = (
    <Group gap="xs" wrap="nowrap">
      <LanguageSwitch />
      {signedOut ? (
        <Button
          component={Link}
          to="/auth/login"
          variant="white"
          color="dark"
          size="compact-sm"
          leftSection={<IconLogin size={16} />}
        >
          {t('common.nav.login')}
        </Button>
      ) : (
        <Button
          component={Link}
          to="/"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} />}
          className={classes.action}
        >
          {t('common.nav.backOffice')}
        </Button>
      )}
    </Group>
  );
  // Signed out, the public area brings its own query cache (the sign-in screens have none).
  return (
    <QueryClientProvider client={queryClient}>
      <PortalShell brand={null} links={links} actions={actions} homeTo={signedOut ? '/public/products' : '/'}>
        <Outlet />
      </PortalShell>
    </QueryClientProvider>
  );
}
