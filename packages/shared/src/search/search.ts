import * as z from 'zod';
import { queryInt } from '../platform/http';

/**
 * One search for everything: the kinds of record the search looks in, in the order the
 * results are grouped. Staff see a kind only with its view right; the portal view (a company user,
 * or an employee acting as the company) sees its own company's projects, allowed areas and their
 * tasks, drawings, products and people, through the same scopes as its own pages.
 */
export const SEARCH_KINDS = ['project', 'area', 'task', 'ticket', 'drawing', 'product', 'article', 'company', 'person'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 100;
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;

const kindsPattern = new RegExp(`^(${SEARCH_KINDS.join('|')})(,(${SEARCH_KINDS.join('|')})){0,${SEARCH_KINDS.length - 1}}$`);

/** `GET /api/search?q=…&kinds=project,task&limit=5`. NUL and lone surrogates are refused by the text guard before this. */
export const searchQuerySchema = z.strictObject({
  q: z.string().trim().min(SEARCH_MIN_CHARS).max(SEARCH_MAX_CHARS).describe('What to look for (2 to 100 characters)'),
  kinds: z
    .string()
    .regex(kindsPattern)
    .transform((s) => [...new Set(s.split(','))] as SearchKind[])
    .optional()
    .describe('Comma-separated kinds to look in (default: every kind the caller may see)'),
  limit: queryInt(1, SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT).describe('Results per kind'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** The web route that opens the record: a back-office route for staff, a portal route for the portal view. */
  url: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({ kind: z.enum(SEARCH_KINDS), items: z.array(searchHitSchema) });
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** Only the kinds with results, in SEARCH_KINDS order, best match first within each. */
export const searchResponseSchema = z.object({ data: z.object({ groups: z.array(searchGroupSchema) }) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
