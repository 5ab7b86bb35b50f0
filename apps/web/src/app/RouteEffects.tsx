import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { crumbTitle, useRouteChain, useSlugTitles } from '../components/AppBreadcrumbs';
import { trackPageView } from '../lib/analytics';

/** After every navigation: the page view for analytics and the document title. */
export function RouteEffects() {
  const location = useLocation();
  const params = useParams();
  const chain = useRouteChain();
  const slugs = useSlugTitles(chain);
  const { t, i18n } = useTranslation();
  const leaf = chain.at(-1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per navigation, not per re-render
  useEffect(() => {
    trackPageView({ routeName: leaf?.name ?? null, params, language: i18n.language });
  }, [location.pathname, location.search]);

  const title = leaf ? crumbTitle(leaf, slugs, t) : '';
  useEffect(() => {
    document.title = title ? `${title} · ${t('common.appName')}` : t('common.appName');
  }, [title, t]);

  return null;
}
