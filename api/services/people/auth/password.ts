import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). The library's `Algorithm` is a const enum,
// which type stripping cannot read: 2 is its Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a password with argon2id. `salt` is only for reproducible fixtures (the demo seed);
 * real sign-ups let the library draw a random salt.
 */
export function hashPassword(password: string, options: { salt?: Uint8Array } = {}): Promise<string> {
  return hash(password, { ...OPTIONS, ...(options.salt ? { salt: options.salt } : {}) });
}

/** True when `password` matches the stored argon2id hash. */
export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return verify(storedHash, password).catch(() => false);
}
