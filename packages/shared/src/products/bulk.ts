import * as z from 'zod';
import { noBulkParams } from '../bulk/bulk';

/**
 * Bulk actions on the products and articles lists. Each runs through the single edit's
 * service (the editor's save, the delete, the create from an article); the paths sit beside the lists.
 */
export const PRODUCT_BULK_ACTIONS = ['publish', 'unpublish', 'add-attribute', 'remove-attribute', 'delete'] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];

export const productBulkPath = (action: ProductBulkAction) => `/api/products/bulk/${action}` as const;
export const ARTICLES_CREATE_PRODUCTS_PATH = '/api/articles/bulk/create-products';

/** Add or remove one attribute (of any kind a product carries) on every selected product. */
export const productBulkAttributeParams = z.strictObject({
  attributeId: z.number().int().positive().max(2_147_483_647),
});
export type ProductBulkAttributeParams = z.infer<typeof productBulkAttributeParams>;

export { noBulkParams };
