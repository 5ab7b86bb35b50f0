import * as z from 'zod';
import { mediaSchema } from '../media/media';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, versionField } from '../platform/http';

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_ABILITIES = ['canEdit', 'canDelete'] as const;

/** Company news as the back office edits it. `body` is sanitised HTML (p, headings, lists, links, emphasis). */
export const companyPostSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  title: z.string(),
  body: z.string().describe('Sanitised HTML'),
  image: mediaSchema.nullable(),
  status: z.enum(POST_STATUSES),
  publishAt: z.string().nullable().describe('From when a published post shows in the portal'),
  scheduled: z.boolean().describe('Published, with a publish time still to come'),
  updatedAt: z.string(),
  version: z.number().int(),
  abilities: abilitiesSchema(POST_ABILITIES),
});
export type CompanyPost = z.infer<typeof companyPostSchema>;

export const companyPostListQuerySchema = listQueryBase.extend({
  status: z.enum(POST_STATUSES).optional(),
});
export type CompanyPostListQuery = z.infer<typeof companyPostListQuerySchema>;

const fields = {
  title: z.string().trim().min(1).max(200),
  body: z.string().max(100_000).describe('HTML from the editor: only the allowed tags are kept'),
  imageMediaId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  status: z.enum(POST_STATUSES).default('draft'),
  publishAt: z.iso.datetime({ offset: true }).nullable().default(null).describe('Default when published: now'),
};
export const companyPostInputSchema = z.strictObject(fields);
export type CompanyPostInput = z.input<typeof companyPostInputSchema>;
export const companyPostUpdateSchema = z.strictObject({ ...fields, version: versionField });
export type CompanyPostUpdate = z.input<typeof companyPostUpdateSchema>;

export const companyPostParams = z.strictObject({ companyId: idSchema, postId: idSchema });

/** A post as the company reads it in its portal. */
export const portalPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  image: z
    .object({
      thumbUrl: z.string(),
      largeUrl: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
    })
    .nullable(),
  publishAt: z.string(),
});
export type PortalPost = z.infer<typeof portalPostSchema>;
export const portalPostParams = z.strictObject({ postId: idSchema });
