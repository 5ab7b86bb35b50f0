import type { PageViewEvent } from '@app/shared/analytics/analytics';

/** A valid page-view event as the web app sends it; override any part. */
export function pageView(
  o: Partial<Omit<PageViewEvent, 'metadata'>> & { metadata?: Partial<PageViewEvent['metadata']> } = {},
): PageViewEvent {
  return {
    event_type: o.event_type ?? 'page_view',
    url: o.url ?? 'http://localhost:3000/companies?page=2',
    metadata: {
      route_name: 'archive-companies',
      path: '/companies',
      params: {},
      query: { page: '2' },
      referrer: null,
      timestamp: '2026-11-21T09:00:00.000Z',
      user_agent: 'Mozilla/5.0 (test)',
      screen_resolution: '1920x1080',
      viewport_size: '1280x720',
      language: 'nl',
      ...(o.metadata ?? {}),
    },
  };
}
