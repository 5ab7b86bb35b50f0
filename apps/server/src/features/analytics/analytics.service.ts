import type { PageViewEvent } from '@app/shared/analytics/analytics';
import { MINUTE } from '../../platform/clock';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isSensitiveKey, scrubUrl } from '../../platform/scrub';

const PER_SESSION_PER_MINUTE = 120;

type Bag = Record<string, string | string[]>;

function scrubBag(bag: Bag): Bag {
  let any = false;
  for (const k in bag) if (isSensitiveKey(k)) any = true;
  if (!any) return bag;
  return Object.fromEntries(Object.entries(bag).map(([k, v]) => [k, isSensitiveKey(k) ? 'redacted' : v]));
}

/** Strips secrets from an event before it is stored (N2): token, email, password and the like. */
export function sanitizeEvent(e: PageViewEvent): PageViewEvent {
  // Field by field rather than spreads with overrides, which are slow on Node 20 (G2); the schema
  // is strict, so these are all the fields an event has, and TypeScript keeps the list complete.
  const m = e.metadata;
  return {
    event_type: e.event_type,
    url: scrubUrl(e.url),
    metadata: {
      route_name: m.route_name,
      path: scrubUrl(m.path),
      params: scrubBag(m.params),
      query: scrubBag(m.query),
      referrer: m.referrer === null ? null : scrubUrl(m.referrer),
      timestamp: m.timestamp,
      user_agent: m.user_agent,
      screen_resolution: m.screen_resolution,
      viewport_size: m.viewport_size,
      language: m.language,
    },
  };
}

/**
 * Per-process, per-session window (N3). Not shared between processes on purpose: it only stops
 * a runaway tab, and a shared counter would cost a write per event.
 */
export class EventLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  allow(key: string, now: number): boolean {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + MINUTE });
      return true;
    }
    w.count++;
    return w.count <= PER_SESSION_PER_MINUTE;
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** Accepts a page view into the write buffer. @throws RATE_LIMITED */
export function recordPageView(ctx: Ctx, limiter: EventLimiter, event: PageViewEvent): void {
  const now = ctx.clock();
  const key = ctx.session?.idHash ?? ctx.ip;
  if (!limiter.allow(key, now.getTime())) throw new AppError('RATE_LIMITED', { headers: { 'retry-after': '60' } });
  const clean = sanitizeEvent(event);
  const a = ctx.actor;
  ctx.analytics.push({
    createdAt: now,
    eventType: clean.event_type,
    accountId: a.kind === 'employee' ? a.accountId : a.kind === 'client' ? a.accountId : null,
    companyId: a.kind === 'client' ? a.companyId : null,
    actingEmployeeAccountId: a.kind === 'client' ? (a.actingEmployee?.accountId ?? null) : null,
    url: clean.url,
    routeName: clean.metadata.route_name,
    metadata: clean.metadata,
  });
}
