import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Actor, signedInAccountId } from '../actor';
import { can } from '../can';
import { MEDIA_STAFF } from './rights';

/** Stored images (the `media` table). */
export const mediaScopes = {
  /**
   * Stored images: those of published products for everyone (the public catalogue); every image
   * for staff who work on products, articles, projects or companies; for the portal view also the
   * company's logo, the images of its published news and of the products assigned to it, its
   * product requests' thumbnails, and its own uploads that nothing uses yet (the form shows them
   * before the save). So an employee acting as a company does not reach, as "own uploads", the
   * images they once uploaded as staff: those are in use, and seen only through the company's records.
   */
  media(actor: Actor, mediaId: SQLWrapper): SQL {
    if (can(actor, MEDIA_STAFF)) return sql`true`;
    if (actor.kind === 'client') {
      return sql`(${publishedMedia(mediaId)} OR EXISTS (
        SELECT 1 FROM company_posts cp_media
         WHERE cp_media.image_media_id = ${mediaId} AND cp_media.company_id = ${actor.companyId}
           AND cp_media.status = 'published' AND cp_media.publish_at <= now())
        OR EXISTS (SELECT 1 FROM companies c_media WHERE c_media.id = ${actor.companyId} AND c_media.logo_media_id = ${mediaId})
        OR EXISTS (
        SELECT 1 FROM company_products cpr_media JOIN product_media pm_media ON pm_media.product_id = cpr_media.product_id
         WHERE pm_media.media_id = ${mediaId} AND cpr_media.company_id = ${actor.companyId})
        OR EXISTS (SELECT 1 FROM orders o_media
                    WHERE o_media.new_product_thumbnail_media_id = ${mediaId} AND o_media.company_id = ${actor.companyId})
        OR (EXISTS (SELECT 1 FROM media m_own WHERE m_own.id = ${mediaId} AND m_own.created_by = ${signedInAccountId(actor)})
            AND NOT ${mediaInUseSql(mediaId)}))`;
    }
    return publishedMedia(mediaId);
  },
} as const;

/** True when a record uses the image (a product, an article, a company, a post, a project, an area, an order). */
export function mediaInUseSql(mediaId: SQLWrapper): SQL {
  return sql`(EXISTS (SELECT 1 FROM product_media x WHERE x.media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM products x WHERE ${mediaId} IN (x.tearsheet_media_id, x.header_media_id, x.extended_media_id))
           OR EXISTS (SELECT 1 FROM article_media x WHERE x.media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM articles x WHERE x.impression_media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM companies x WHERE x.logo_media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM company_posts x WHERE x.image_media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM projects x WHERE x.featured_media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM project_areas x WHERE ${mediaId} IN (x.thumbnail_media_id, x.plan_media_id))
           OR EXISTS (SELECT 1 FROM orders x WHERE x.new_product_thumbnail_media_id = ${mediaId}))`;
}

/** True for an image of a published product: anyone may see it, and caches may keep it. */
export function publishedMedia(mediaId: SQLWrapper): SQL {
  return sql`EXISTS (
    SELECT 1 FROM product_media pm JOIN products p ON p.id = pm.product_id
     WHERE pm.media_id = ${mediaId} AND p.published
    UNION ALL
    SELECT 1 FROM products p
     WHERE p.published AND ${mediaId} IN (p.tearsheet_media_id, p.header_media_id, p.extended_media_id))`;
}
