import { describe, expect, it } from 'vitest';
import { safeRedirect } from './guest-api';

describe('safeRedirect (no open redirects, no loops)', () => {
  it.each(['/x', '/settings/roles/5', '/companies?page=2&sort=-name', '/public/products'])('keeps the same-site path %s', (p) => {
    expect(safeRedirect(p)).toBe(p);
  });

  it.each([
    ['protocol-relative', '//evil.test'],
    ['protocol-relative with path', '//evil.test/auth'],
    ['absolute URL', 'https://evil.test'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['the login page (loop)', '/auth/login'],
    ['another sign-in page', '/auth/new-password?x=1'],
    ['a relative path', 'settings'],
    ['empty', ''],
    ['null', null],
  ])('sends %s to /', (_label, target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});
