import { type ArticleListQuery, articleListQuerySchema } from '@app/shared/articles/articles';
import { noBulkParams } from '@app/shared/bulk/bulk';
import { ARTICLES_CREATE_PRODUCTS_PATH } from '@app/shared/products/bulk';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/access';
import { registerBulkAction } from '../../platform/bulk';
import { createProduct } from '../products/products.service';
import * as repo from './articles.repository';
import * as articles from './articles.service';

/**
 * Bulk action on the articles list: a product for each selected article, through the
 * single "create product" (its name and description taken over, at the end of the order). An article
 * that already has one is skipped with PRODUCT_EXISTS_FOR_ARTICLE, a deleted one with ARTICLE_NOT_FOUND.
 */
export function registerArticleBulkActions(app: FastifyInstance, access: Access): void {
  registerBulkAction(app, {
    action: 'articles.create-products',
    path: ARTICLES_CREATE_PRODUCTS_PATH,
    access,
    listQuery: articleListQuerySchema,
    params: noBulkParams,
    page: (ctx, q: ArticleListQuery) => articles.listArticles(ctx, q).then((p) => ({ rows: p.data })),
    apply: async (ctx, id) => {
      await createProduct(ctx, { articleId: id });
      return 'changed';
    },
    labels: (ctx, ids) => repo.labelsOf(ctx.db.orm, ids),
    summary: 'Make a product of each selected article that has none (as "create product" from an article)',
    tags: ['articles'],
  });
}
