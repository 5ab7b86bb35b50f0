import type { Permission } from '@app/shared/platform/permissions';
import type { RouteName } from '@app/shared/platform/routes';
import { IconArchive, IconArrowsSort, IconPackage, IconRefresh, IconTags, type TablerIcon } from '@tabler/icons-react';

export interface CatalogueSection {
  to: string;
  /** The route it opens (features/<f>/routes.tsx); its title key is this section's label. */
  route: RouteName;
  /** The page's title, which is also its label in the sidebar, its breadcrumb and its card. */
  title: string;
  /** One line on the catalogue page and the home page. */
  text: string;
  Icon: TablerIcon;
  permission: Permission;
}

/**
 * The back office's catalogue, in one place: the sidebar's Catalogus group, the Catalogus page
 * and the breadcrumbs (Catalogus > Artikelen > Artikelen synchroniseren; Catalogus > Producten >
 * Producten sorteren; Catalogus > Attributen) all follow this list. A test checks that the routes
 * agree. The Robox screens are settings (the specification's 'Robox area, parent settings'):
 * features/robox/sections.ts.
 */
export const CATALOGUE_SECTIONS: readonly CatalogueSection[] = [
  {
    to: '/articles',
    route: 'articles.index',
    title: 'articles.list.title',
    text: 'home.cards.articles',
    Icon: IconArchive,
    permission: 'articles.view',
  },
  {
    to: '/sync',
    route: 'articles.sync',
    title: 'articles.sync.title',
    text: 'home.cards.sync',
    Icon: IconRefresh,
    permission: 'articles.sync',
  },
  {
    to: '/products',
    route: 'articles.products-index',
    title: 'products.list.title',
    text: 'home.cards.products',
    Icon: IconPackage,
    permission: 'products.manage',
  },
  {
    to: '/order',
    route: 'product.order',
    title: 'products.order.title',
    text: 'home.cards.order',
    Icon: IconArrowsSort,
    permission: 'products.sort',
  },
  {
    to: '/attributes',
    route: 'product.attributes',
    title: 'attributes.title',
    text: 'home.cards.attributes',
    Icon: IconTags,
    permission: 'products.manage',
  },
];

/** Anyone who may open one of the catalogue's sections may open the Catalogus page. */
export const CATALOGUE_PERMISSIONS: readonly Permission[] = [...new Set(CATALOGUE_SECTIONS.map((s) => s.permission))];
