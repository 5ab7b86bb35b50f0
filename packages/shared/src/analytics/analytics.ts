import * as z from 'zod';

export const ANALYTICS_EVENT_TYPES = ['page_view'] as const;

const shortMap = z
  .record(z.string().max(100), z.union([z.string().max(500), z.array(z.string().max(500)).max(20)]))
  .refine((m) => Object.keys(m).length <= 30, { message: 'too_many' });

/** POST /api/science: the page-view event of the specification (N1: known keys, bounded sizes). */
export const pageViewEventSchema = z.strictObject({
  event_type: z.enum(ANALYTICS_EVENT_TYPES),
  url: z.string().max(2048),
  metadata: z
    .strictObject({
      route_name: z.string().max(100).nullable(),
      path: z.string().max(2048),
      params: shortMap,
      query: shortMap,
      referrer: z.string().max(2048).nullable(),
      timestamp: z.string().max(40),
      user_agent: z.string().max(512),
      screen_resolution: z.string().max(20),
      viewport_size: z.string().max(20),
      language: z.string().max(35),
    })
    .refine((m) => JSON.stringify(m).length <= 4096, { message: 'too_big' }),
});
export type PageViewEvent = z.infer<typeof pageViewEventSchema>;

/** Query keys whose values are secrets or personal data and are removed before anything is stored (N2). */
export const SENSITIVE_QUERY_KEYS = [
  'token',
  'email',
  'password',
  'password_confirmation',
  'signature',
  'secret',
  'code',
  'key',
  'api_key',
  'access_token',
  'refresh_token',
  'session',
  'sid',
];
