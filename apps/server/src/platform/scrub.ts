import { SENSITIVE_QUERY_KEYS } from '@app/shared/analytics';

const sensitive = new Set(SENSITIVE_QUERY_KEYS);

export function isSensitiveKey(key: string): boolean {
  return sensitive.has(key.toLowerCase());
}

/**
 * Removes the values of secret query parameters (token, email, password...) from a URL or a path,
 * absolute or relative, keeping the rest readable (L3, N2). Unparseable input is cut to its path.
 */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hashAt = url.indexOf('#', q);
  const head = url.slice(0, q);
  const query = url.slice(q + 1, hashAt === -1 ? undefined : hashAt);
  const params = new URLSearchParams(query);
  let changed = false;
  for (const key of [...params.keys()]) {
    if (isSensitiveKey(key)) {
      params.set(key, 'redacted');
      changed = true;
    }
  }
  if (!changed) return hashAt === -1 ? url : url.slice(0, hashAt);
  return `${head}?${params.toString()}`;
}
