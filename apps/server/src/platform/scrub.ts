import { SENSITIVE_QUERY_KEYS } from '@app/shared/analytics/analytics';

const sensitive = new Set(SENSITIVE_QUERY_KEYS);
/** Any sensitive key as a substring: a query without one (and without %-escapes) has nothing to scrub. */
const MAY_BE_SENSITIVE = new RegExp(SENSITIVE_QUERY_KEYS.join('|'));

export function isSensitiveKey(key: string): boolean {
  return sensitive.has(key.toLowerCase());
}

/**
 * Removes the values of secret query parameters (token, email, password...) from a URL or a path,
 * absolute or relative, keeping the rest readable (L3, N2). The fragment is always dropped: reset
 * and invitation links carry their token there (#token=...), and URLs the web app reports (page
 * views, referrers) include it (A11).
 */
export function scrubUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const q = base.indexOf('?');
  if (q === -1) return base;
  const query = base.slice(q + 1);
  // The common case (every page view, every access-log line) without parsing the query: without
  // a %-escape a key is its own text (lower-cased, as isSensitiveKey does), so a sensitive key
  // shows as a substring.
  if (!query.includes('%') && !MAY_BE_SENSITIVE.test(query.toLowerCase())) return base;
  const params = new URLSearchParams(query);
  let changed = false;
  for (const key of [...params.keys()]) {
    if (isSensitiveKey(key)) {
      params.set(key, 'redacted');
      changed = true;
    }
  }
  if (!changed) return base;
  return `${base.slice(0, q)}?${params.toString()}`;
}
