import type { BreadcrumbResponse } from '@app/shared/breadcrumbs/breadcrumbs';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { api } from '../lib/api';
import { isIdParam, validIdParam } from '../platform/id-params';
import type { RouteEntry } from '../platform/route-meta';
import { useRouteChain } from '../platform/use-route-chain';

/**
 * Titles for slug params come from the server (scoped to what the person may see). The query key
 * holds only the slug params, so a change of query string reuses the crumbs; a failure is logged
 * and never blocks anything (spec sections 7, 8).
 */
export function useSlugTitles(chain: RouteEntry[]): Record<string, string | null> {
  const params = useParams();
  const slugParams: Record<string, string> = {};
  for (const e of chain) {
    const name = e.meta.slug;
    const value = name ? params[name] : undefined;
    // An id that cannot exist (/articles/abc) shows the not-found page: nothing to ask the server.
    if (name && value && !(isIdParam(name) && !validIdParam(value))) slugParams[name] = value;
  }
  const enabled = Object.keys(slugParams).length > 0;
  const q = useQuery({
    queryKey: ['breadcrumbs', slugParams],
    queryFn: ({ signal }) => api.get<BreadcrumbResponse>('/api/breadcrumbs/slugs', { query: slugParams, signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (q.error) console.warn('breadcrumb titles could not be loaded', q.error);
  }, [q.error]);
  return enabled ? (q.data?.data.slugs ?? {}) : {};
}

export function crumbTitle(
  e: RouteEntry,
  slugs: Record<string, string | null>,
  t: (k: string) => string,
  params: Record<string, string | undefined> = {},
): string {
  if (e.meta.slug) {
    const value = params[e.meta.slug];
    if (isIdParam(e.meta.slug) && value !== undefined && !validIdParam(value)) return t('common.notFound.title');
    return slugs[e.meta.slug] ?? '…';
  }
  if (e.meta.title && e.meta.titleParam) {
    const value = params[e.meta.titleParam];
    if (value && /^[a-z0-9-]+$/.test(value)) return t(`${e.meta.title}.${value}`);
  }
  return e.meta.title ? t(e.meta.title) : '';
}

export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const params = useParams();
  const chain = useRouteChain();
  const slugs = useSlugTitles(chain);
  if (chain.length < 2) return null;
  return (
    // A navigation landmark (Mantine's root is a plain div); the crumbs wrap on a phone.
    <nav aria-label={t('common.nav.breadcrumbs')}>
      <Breadcrumbs
        mb="sm"
        separatorMargin={6}
        style={{ flexWrap: 'wrap', rowGap: 4 }}
        // At least 24 px high: a target a thumb can hit on a phone (WCAG 2.2 target size). Set here,
        // on Mantine's crumb selector: Breadcrumbs replaces the style each child is given.
        styles={{ breadcrumb: { display: 'inline-flex', alignItems: 'center', minHeight: 24 } }}
      >
        {chain.map((e, i) => {
          const title = crumbTitle(e, slugs, t, params);
          if (i === chain.length - 1) {
            return (
              <Text key={e.name} size="sm" c="dimmed" aria-current="page">
                {title}
              </Text>
            );
          }
          let href: string;
          try {
            href = generatePath(e.path, params);
          } catch {
            href = '/';
          }
          return (
            <Anchor key={e.name} component={Link} to={href} size="sm">
              {title}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
