import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token; 32 bytes = 256 bits from the CSPRNG (S1, A9). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

// crypto.hash is the one-shot form of createHash().update().digest(): the same digest without a
// Hash object per call. Every request hashes its session cookie, and every unsafe one compares its
// CSRF token (G1, G2).
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** Compares two strings in constant time, whatever their lengths (C1). */
export function safeEqual(a: string, b: string): boolean {
  return safeEqualDigest(a, b, sha256Digest(b));
}

/** The digest safeEqual compares b by, for a caller that compares against the same b often. */
export function sha256Digest(b: string): Buffer {
  return hash('sha256', b, 'buffer');
}

/** safeEqual(a, b) with b's digest (sha256Digest(b)) computed beforehand. */
export function safeEqualDigest(a: string, b: string, bDigest: Buffer): boolean {
  return timingSafeEqual(hash('sha256', a, 'buffer'), bDigest) && a.length === b.length;
}
