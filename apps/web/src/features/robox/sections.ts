import type { Permission } from '@app/shared/platform/permissions';
import type { RouteName } from '@app/shared/platform/routes';
import { IconCategory2, IconStack2, type TablerIcon } from '@tabler/icons-react';

export interface RoboxSection {
  to: string;
  /** The route it opens (routes.tsx); its title key is this section's label. */
  route: RouteName;
  /** The page's title: its label in the sidebar, its breadcrumb and its card on the settings page. */
  title: string;
  /** One line on the settings page. */
  text: string;
  Icon: TablerIcon;
  permission: Permission;
}

/**
 * The Robox area: settings, as the specification has it ('Robox area, parent settings'). The
 * sidebar lists them under Instellingen, the settings page has a card for each, and the
 * breadcrumbs read Instellingen > Robox-materialen. A test checks that the routes agree.
 */
export const ROBOX_SECTIONS: readonly RoboxSection[] = [
  {
    to: '/robox/materials',
    route: 'archive-robox-material',
    title: 'robox.materials.title',
    text: 'home.cards.roboxMaterials',
    Icon: IconStack2,
    permission: 'products.manage',
  },
  {
    to: '/robox/material-categories',
    route: 'archive-robox-material-category',
    title: 'robox.categories.title',
    text: 'home.cards.roboxCategories',
    Icon: IconCategory2,
    permission: 'products.manage',
  },
];
