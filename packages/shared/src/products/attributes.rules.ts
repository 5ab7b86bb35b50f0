import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Viewer } from '../platform/abilities';

export const ATTRIBUTE_ABILITIES = ['canEdit', 'canDelete'] as const;
export type AttributeAbilities = Abilities<(typeof ATTRIBUTE_ABILITIES)[number]>;

/**
 * An attribute is edited by product managers, and deleted only while nothing uses it: no product,
 * no type in a type group, no Robox material with it as supplier (`usesCount` sums them).
 */
export function attributeAbilities(attribute: { usesCount: number }, viewer: Viewer): AttributeAbilities {
  const manage = permissionVerdict(viewer, 'products.manage');
  return toAbilities({
    canEdit: manage,
    canDelete: firstDenied(manage, () => (attribute.usesCount > 0 ? 'ATTRIBUTE_IN_USE' : true)),
  });
}
