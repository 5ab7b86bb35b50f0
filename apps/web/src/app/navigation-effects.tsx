import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { trackPageView } from '../lib/analytics';
import type { RouteEntry } from '../platform/route-meta';
import { useRouteChain } from '../platform/use-route-chain';

/** After every navigation: the page view for analytics and the document title. */
export function useNavigationEffects(leaf: RouteEntry | undefined, title: string): void {
  const location = useLocation();
  const params = useParams();
  const { t, i18n } = useTranslation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per navigation, not per re-render
  useEffect(() => {
    trackPageView({ routeName: leaf?.name ?? null, params, language: i18n.language });
  }, [location.pathname, location.search]);

  useEffect(() => {
    document.title = title ? `${title} · ${t('common.appName')}` : t('common.appName');
  }, [title, t]);
}

/** The sign-in screens' version: no slug params, and no query cache in that bundle. */
export function GuestRouteEffects() {
  const chain = useRouteChain();
  const { t } = useTranslation();
  const leaf = chain.at(-1);
  useNavigationEffects(leaf, leaf?.meta.title ? t(leaf.meta.title) : '');
  return null;
}
