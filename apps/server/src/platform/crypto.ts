import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token; 32 bytes = 256 bits from the CSPRNG (S1, A9). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two strings in constant time, whatever their lengths (C1). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
