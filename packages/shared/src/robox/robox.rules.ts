import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Viewer } from '../platform/abilities';

export const ROBOX_ABILITIES = ['canEdit', 'canDelete'] as const;
export type RoboxAbilities = Abilities<(typeof ROBOX_ABILITIES)[number]>;

/** A material category is edited by product managers, and deleted only while no material is in it. */
export function roboxCategoryAbilities(category: { materialsCount: number }, viewer: Viewer): RoboxAbilities {
  const manage = permissionVerdict(viewer, 'products.manage');
  return toAbilities({
    canEdit: manage,
    canDelete: firstDenied(manage, () => (category.materialsCount > 0 ? 'ROBOX_CATEGORY_IN_USE' : true)),
  });
}

/** A material is edited by product managers, and deleted only while no product uses it. */
export function roboxMaterialAbilities(material: { productsCount: number }, viewer: Viewer): RoboxAbilities {
  const manage = permissionVerdict(viewer, 'products.manage');
  return toAbilities({
    canEdit: manage,
    canDelete: firstDenied(manage, () => (material.productsCount > 0 ? 'ROBOX_MATERIAL_IN_USE' : true)),
  });
}
