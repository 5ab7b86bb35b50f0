import { pageViewEventSchema } from '@app/shared/analytics/analytics';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, setXsrfCookie } from '../../test/cookies';
import { json, mockFetch, noContent } from '../../test/fetch';
import { trackPageView } from './analytics';

const METADATA_KEYS = [
  'route_name',
  'path',
  'params',
  'query',
  'referrer',
  'timestamp',
  'user_agent',
  'screen_resolution',
  'viewport_size',
  'language',
].sort();

const view = (over: Partial<Parameters<typeof trackPageView>[0]> = {}) =>
  trackPageView({ routeName: 'roles.edit', params: { roleId: '5' }, language: 'nl', ...over });

beforeEach(() => {
  setXsrfCookie('a%2Bb');
});

describe('trackPageView', () => {
  it('posts a page_view to /api/science with keepalive and the decoded X-XSRF-TOKEN', () => {
    window.history.replaceState(null, '', '/settings/roles/5?tab=rights');
    const f = mockFetch(() => noContent());
    view();
    expect(f.requests).toHaveLength(1);
    const [req] = f.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/science');
    expect(req?.init.keepalive).toBe(true);
    expect(req?.headers['X-XSRF-TOKEN']).toBe('a+b');
    expect(req?.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(req?.headers['Content-Type']).toBe('application/json');
  });

  it('sends exactly the metadata keys of the specification, and an event the server schema accepts', () => {
    window.history.replaceState(null, '', '/settings/roles/5?tab=rights&tag=a&tag=b');
    const f = mockFetch(() => noContent());
    view();
    const body = f.requests[0]?.body as Record<string, unknown> & { metadata: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['event_type', 'metadata', 'url']);
    expect(body.event_type).toBe('page_view');
    expect(Object.keys(body.metadata).sort()).toEqual(METADATA_KEYS);
    expect(body.metadata).toMatchObject({
      route_name: 'roles.edit',
      path: '/settings/roles/5',
      params: { roleId: '5' },
      query: { tab: 'rights', tag: ['a', 'b'] },
      user_agent: navigator.userAgent,
      screen_resolution: `${window.screen.width}x${window.screen.height}`,
      viewport_size: `${window.innerWidth}x${window.innerHeight}`,
      language: 'nl',
    });
    expect(Number.isNaN(Date.parse(String(body.metadata.timestamp)))).toBe(false);
    expect(pageViewEventSchema.safeParse(body).success).toBe(true);
  });

  it('never puts the fragment (where reset tokens travel) in the URL', () => {
    window.history.replaceState(null, '', '/auth/new-password?step=1#token=s3cr3t-reset-token');
    const f = mockFetch(() => noContent());
    view({ routeName: 'new-password', params: {} });
    const raw = String(f.requests[0]?.init.body);
    expect(raw).not.toContain('s3cr3t-reset-token');
    expect(raw).not.toContain('#');
    const body = f.requests[0]?.body as { url: string } | undefined;
    expect(body?.url).toBe(`${window.location.origin}/auth/new-password?step=1`);
  });

  it('uses the previous page as the referrer of the next view', () => {
    const f = mockFetch(() => noContent());
    window.history.replaceState(null, '', '/a');
    view();
    window.history.replaceState(null, '', '/b?x=1');
    view();
    const second = f.requests[1]?.body as { metadata: { referrer: string } };
    expect(second.metadata.referrer).toBe(`${window.location.origin}/a`);
  });

  it('keeps oversized query keys and values within the bounds the server accepts', () => {
    window.history.replaceState(null, '', `/x?${'k'.repeat(150)}=${'v'.repeat(700)}`);
    const f = mockFetch(() => noContent());
    view();
    const body = f.requests[0]?.body;
    expect(pageViewEventSchema.safeParse(body).success).toBe(true);
    const query = (body as { metadata: { query: Record<string, string> } }).metadata.query;
    expect(query).toEqual({ ['k'.repeat(100)]: 'v'.repeat(500) });
  });

  it('posts nothing without an XSRF-TOKEN cookie', () => {
    clearCookies();
    const f = mockFetch(() => noContent());
    view();
    expect(f.fn).not.toHaveBeenCalled();
  });

  it('only warns when the server refuses the event', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => json(400, { code: 'VALIDATION_FAILED' }));
    expect(() => view()).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('page view not recorded', 400));
  });

  it('only warns when the post fails on the network', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(() => view()).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('page view not recorded', expect.any(TypeError)));
  });
});
