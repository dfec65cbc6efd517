/**
 * Where a member is signed in: their live sessions, each named by the
 * browser and system its user agent tells, when it was last used, and which
 * one is this device. Any other may be signed out, or all of them at once.
 */
import type { Kysely } from 'kysely';
import type { Device } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** The browser and system a user agent names, as a member reads them ("Firefox", "Android"). */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string; system: string } {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'A browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'an unknown system';
  return { browser, system };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The member's live sessions, the most recently used first; `currentHash` marks this device's. */
export async function listDevices(
  db: Kysely<Database>,
  userId: string,
  currentHash: string | undefined,
  now: Date,
): Promise<Device[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .execute();
  return rows
    .map((row) => ({
      _id: row.id,
      ...describeUserAgent(row.user_agent),
      createdAt: iso(row.created_at)!,
      lastSeenAt: iso(row.last_seen_at),
      thisDevice: row.token_hash === currentHash,
    }))
    .sort(
      (a, b) =>
        Number(b.thisDevice) - Number(a.thisDevice) || (b.lastSeenAt ?? b.createdAt).localeCompare(a.lastSeenAt ?? a.createdAt),
    );
}

/** Signs out the member's session `id` (never this device's); answers whether there was one. */
export async function signOutDevice(
  db: Kysely<Database>,
  userId: string,
  id: string,
  currentHash: string | undefined,
): Promise<boolean> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '=', id);
  if (currentHash) query = query.where('token_hash', '<>', currentHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Signs out every session of the member but this device's; answers how many. */
export async function signOutOtherDevices(
  db: Kysely<Database>,
  userId: string,
  currentHash: string | undefined,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (currentHash) query = query.where('token_hash', '<>', currentHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
