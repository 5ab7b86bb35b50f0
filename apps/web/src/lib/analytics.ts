import type { PageViewEvent } from '@app/shared/analytics/analytics';
import { currentActingAsHeader, readXsrfToken } from './api';

// The bounds of pageViewEventSchema: an event over any of them is refused whole by the server.
const MAX = 500;
const MAX_KEY = 100;
const MAX_KEYS = 30;
const MAX_METADATA = 4096;

function bag(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, v] of entries) {
    const k = key.slice(0, MAX_KEY);
    const prev = out[k];
    if (prev === undefined && Object.keys(out).length >= MAX_KEYS) continue;
    const value = v.slice(0, MAX);
    if (prev === undefined) out[k] = value;
    else out[k] = Array.isArray(prev) ? [...prev, value].slice(0, 20) : [prev, value];
  }
  return out;
}

let previousUrl: string | null = null;

/**
 * Posts a page view after a navigation, off the rendering path (keepalive fetch). Failures are
 * only a warning (spec section 8). The URL never carries the fragment, where reset and invite
 * tokens travel; the server scrubs secrets as well.
 */
export function trackPageView(input: {
  routeName: string | null;
  params: Record<string, string | undefined>;
  language: string;
}): void {
  const { origin, pathname, search } = window.location;
  const url = `${origin}${pathname}${search}`.slice(0, 2048);
  const event: PageViewEvent = {
    event_type: 'page_view',
    url,
    metadata: {
      route_name: input.routeName,
      path: pathname.slice(0, 2048),
      params: bag(Object.entries(input.params).filter((e): e is [string, string] => typeof e[1] === 'string')),
      query: bag(new URLSearchParams(search).entries()),
      referrer: (previousUrl ?? (document.referrer || null))?.slice(0, 2048) ?? null,
      timestamp: new Date().toISOString(),
      user_agent: navigator.userAgent.slice(0, 512),
      screen_resolution: `${window.screen.width}x${window.screen.height}`,
      viewport_size: `${window.innerWidth}x${window.innerHeight}`,
      language: input.language.slice(0, 35),
    },
  };
  if (JSON.stringify(event.metadata).length > MAX_METADATA) {
    // Keep the event, lose the detail: the server refuses metadata over 4 KiB.
    event.metadata = {
      ...event.metadata,
      params: {},
      query: {},
      path: pathname.slice(0, 512),
      referrer: event.metadata.referrer?.slice(0, 512) ?? null,
    };
  }
  previousUrl = url;
  const token = readXsrfToken();
  if (!token) return;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-XSRF-TOKEN': token,
  };
  const acting = currentActingAsHeader();
  if (acting) headers['Acting-As'] = acting;
  fetch('/api/science', { method: 'POST', headers, body: JSON.stringify(event), keepalive: true, credentials: 'same-origin' })
    .then((res) => {
      if (!res.ok) console.warn('page view not recorded', res.status);
    })
    .catch((err) => console.warn('page view not recorded', err));
}
