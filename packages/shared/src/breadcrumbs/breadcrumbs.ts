import * as z from 'zod';
import { idSchema } from '../platform/http';

/** The route params the server can turn into titles. Add a name here and a resolver on the server. */
export const SLUG_NAMES = [
  'companyId',
  /** A company user (companies/:companyId/users/:clientId). */
  'clientId',
  'roleId',
  'articleId',
  'productId',
  'roboxMaterialId',
  'roboxMaterialCategoryId',
  'projectId',
  'areaId',
  'taskId',
  /** The web's sub-task route param (task/:taskId/subtask/:subTaskId), spelled as in the specification. */
  'subTaskId',
  'ticketId',
  /** The portal's order-line page (company-products/:projectId/:orderlineId). */
  'orderlineId',
  /** The portal's single product page (product-files/:companyProductId). */
  'companyProductId',
  /** A company news post (staff and portal). */
  'postId',
  /** A product request or order (staff /requests/:orderId, portal /orders/:orderId). */
  'orderId',
  /** A drawing (staff projects/:projectId/drawings/:drawingId, portal drawings/:drawingId): its name. */
  'drawingId',
  /** A drawing's version (…/drawings/:drawingId/versions/:versionId): "v3". */
  'versionId',
  /** An employee (users/:userId/...): their name, to themselves and to whoever may see other employees. */
  'userId',
  /** A collective leave (settings/hours/collective-leaves/:collectiveLeaveId): its name, to who manages collective leave. */
  'collectiveLeaveId',
] as const;
export type SlugName = (typeof SLUG_NAMES)[number];

export const breadcrumbQuerySchema = z.strictObject(
  Object.fromEntries(SLUG_NAMES.map((n) => [n, idSchema.optional()])) as Record<SlugName, z.ZodOptional<typeof idSchema>>,
);
export type BreadcrumbQuery = z.infer<typeof breadcrumbQuerySchema>;

export const breadcrumbResponseSchema = z.object({
  data: z.object({ slugs: z.record(z.string(), z.string().nullable()) }),
});
export type BreadcrumbResponse = z.infer<typeof breadcrumbResponseSchema>;
