import { type Abilities, permissionVerdict, toAbilities, type Viewer } from '../platform/abilities';

export const PRODUCT_ABILITIES = ['canEdit', 'canDelete', 'canPublish'] as const;
export type ProductAbilities = Abilities<(typeof PRODUCT_ABILITIES)[number]>;

/**
 * Product managers edit and delete products; putting one in (or taking one out of) the public
 * inspiration catalogue takes the inspiration-products right.
 */
export function productAbilities(viewer: Viewer): ProductAbilities {
  const manage = permissionVerdict(viewer, 'products.manage');
  return toAbilities({
    canEdit: manage,
    canDelete: manage,
    canPublish: permissionVerdict(viewer, 'inspiration-products.manage'),
  });
}
