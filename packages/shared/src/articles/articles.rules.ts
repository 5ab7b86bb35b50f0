import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Viewer } from '../platform/abilities';

export const ARTICLE_ABILITIES = ['canEdit', 'canCreateProduct'] as const;
export type ArticleAbilities = Abilities<(typeof ARTICLE_ABILITIES)[number]>;

/**
 * Product managers edit an article's own fields (the ERP owns the rest) and make a product of it:
 * once (an article has at most one product), and only while the ERP still lists it.
 */
export function articleAbilities(
  article: { productId: number | null; deletedAt: string | null },
  viewer: Viewer,
): ArticleAbilities {
  const manage = permissionVerdict(viewer, 'products.manage');
  return toAbilities({
    canEdit: manage,
    canCreateProduct: firstDenied(
      manage,
      () => (article.productId !== null ? 'PRODUCT_EXISTS_FOR_ARTICLE' : true),
      () => (article.deletedAt !== null ? 'ARTICLE_NOT_FOUND' : true),
    ),
  });
}
