import type { BreadcrumbQuery, SlugName } from '@app/shared/breadcrumbs/breadcrumbs';
import type { Ctx } from '../../platform/context';
import { articleTitle } from '../articles/articles.service';
import { companyTitle } from '../companies/companies.service';
import { productTitle } from '../products/products.service';
import { roboxCategoryTitle, roboxMaterialTitle } from '../robox/robox.service';
import { roleTitle } from '../users/roles.service';

type Resolver = (ctx: Ctx, id: number) => Promise<string | null>;

/** One resolver per slug name; each answers only what the actor may see, else null. */
const resolvers: Record<SlugName, Resolver> = {
  companyId: companyTitle,
  roleId: roleTitle,
  articleId: articleTitle,
  productId: productTitle,
  roboxMaterialId: roboxMaterialTitle,
  roboxMaterialCategoryId: roboxCategoryTitle,
};

/** Titles for the slug params of the page being opened. */
export async function resolveSlugs(ctx: Ctx, q: BreadcrumbQuery): Promise<Record<string, string | null>> {
  const entries = Object.entries(q).filter((e): e is [SlugName, number] => typeof e[1] === 'number');
  const titles = await Promise.all(entries.map(([name, id]) => resolvers[name](ctx, id)));
  return Object.fromEntries(entries.map(([name], i) => [name, titles[i] ?? null]));
}
