import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: m=19 MiB, t=2, p=1 (A6).
// algorithm 2 is Argon2id (a const enum in the package's types, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password. With no hash (unknown account, or no password yet) it still spends the
 * time of one verify, so the answer does not tell whether the account exists (A1).
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('timing-equaliser-not-a-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let common: Promise<Set<string>> | null = null;

/** True when the password is on the offline list of ~49,000 common passwords (A5). */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set((m.dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  );
  return (await common).has(password.toLowerCase());
}
