import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { crumbTitle, useSlugTitles } from '../components/AppBreadcrumbs';
import { useRouteChain } from '../platform/use-route-chain';
import { useNavigationEffects } from './navigation-effects';

/** After every navigation: the page view and the document title, with slug titles from the server. */
export function RouteEffects() {
  const chain = useRouteChain();
  const slugs = useSlugTitles(chain);
  const { t } = useTranslation();
  const params = useParams();
  const leaf = chain.at(-1);
  useNavigationEffects(leaf, leaf ? crumbTitle(leaf, slugs, t, params) : '');
  return null;
}
