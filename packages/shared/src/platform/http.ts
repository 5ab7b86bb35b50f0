import * as z from 'zod';

/** A positive database id in a path or query: plain digits within int4. Anything else ('x', '-1', '1e9', '0x10') is a 400. */
export const idSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647))
  .describe('Numeric id');

/** A whole number written as plain digits in a query string ('0x10', '1e2', ' 5' are 400s, I4). */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const idParam = <K extends string>(name: K) => z.strictObject({ [name]: idSchema } as Record<K, typeof idSchema>);

/** For routes that take no query: any query parameter is a 400 (I1). */
export const noQuery = z.strictObject({});

/**
 * For image and file addresses: only the acting view's signed `view` parameter, which the server
 * adds to the addresses it gives an employee acting as a company (any other parameter is a 400).
 */
export const viewLinkQuery = z.strictObject({
  view: z.string().max(80).optional().describe('Signed acting view, as given in the answer that held this address'),
});

export const MAX_PER_PAGE = 100;

export const listQueryBase = z.strictObject({
  page: queryInt(1, 100_000).default(1).describe('Page, from 1'),
  perPage: queryInt(1, MAX_PER_PAGE).default(25).describe('Rows per page'),
  q: z.string().trim().max(200).optional().describe('Search text'),
});

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

// One wrapper per item schema: a route registered again (an app built twice in one process, as the
// server tests do) gets the same schema object, so its compiled serialiser is reused. zod schemas
// are immutable, so sharing one is safe.
const pages = new WeakMap<z.ZodType, z.ZodType>();
const envelopes = new WeakMap<z.ZodType, z.ZodType>();

function memo<S extends z.ZodType>(cache: WeakMap<z.ZodType, z.ZodType>, item: z.ZodType, make: () => S): S {
  const found = cache.get(item);
  if (found) return found as S;
  const made = make();
  cache.set(item, made);
  return made;
}

export const pageOf = <T extends z.ZodType>(item: T) =>
  memo(pages, item, () => z.object({ data: z.array(item), meta: pageMetaSchema }));
export const envelope = <T extends z.ZodType>(item: T) => memo(envelopes, item, () => z.object({ data: item }));

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/** Optimistic concurrency: every update and delete says which version it was based on (D1). */
export const versionField = z.number().int().min(1).max(2_147_483_647).describe('The version the change is based on');
export const versionQuery = z.strictObject({ version: queryInt(1, 2_147_483_647) });

export const emptyResponse = z.undefined().describe('No content');

/** Several ids in one query parameter, comma-separated ('3,7,12'); at most 50. Repeating the parameter is a 400 (I4). */
export const idListQuery = z
  .string()
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$/)
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .pipe(z.array(z.number().max(2_147_483_647)))
  .describe('Comma-separated ids');
