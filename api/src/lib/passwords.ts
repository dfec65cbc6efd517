/**
 * Password hashing with scrypt (OWASP: N=2^14, r=8, p=5, 16 MiB), on libuv's
 * thread pool so the event loop keeps serving. Stored as
 * `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The cost of new hashes: 'standard' (OWASP's), or 'low' for test runs on this machine only (config.ts refuses it elsewhere). */
export type PasswordHashCost = 'standard' | 'low';
const COSTS: Record<PasswordHashCost, ScryptOptions & { N: number; r: number; p: number }> = {
  standard: { N: 2 ** 14, r: 8, p: 5 },
  low: { N: 2 ** 10, r: 8, p: 1 },
};
let PARAMS = COSTS.standard;

/** Sets the cost of the hashes made from now on (stored hashes keep theirs: each names its parameters). */
export function setPasswordHashCost(cost: PasswordHashCost): void {
  PARAMS = COSTS[cost];
}
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash made here always differs from any other string, so lookups of unknown e-mails cost the same. */
const dummyHash = () => `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;

/** False for a wrong password and for any stored value that is not one of our hashes (e.g. sample members). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? dummyHash()).split('$');
  const valid = parts.length === 6 && parts[0] === 'scrypt';
  const [, n, r, p, salt, hash] = valid ? parts : dummyHash().split('$');
  const expected = Buffer.from(hash!, 'base64url');
  const key = await derive(password, Buffer.from(salt!, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return valid && stored !== undefined && stored !== null && expected.length === key.length && timingSafeEqual(expected, key);
}
