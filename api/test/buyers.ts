/**
 * Many signed-in members at once, made straight in the database: a member and
 * a session each (logging in hundreds of times would meet the login rate
 * limit and spend minutes hashing passwords).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/index.js';
import { newId } from '../src/lib/ids.js';

export interface Buyer {
  id: string;
  /** The Cookie header that signs the member in. */
  cookie: string;
}

export async function signedInBuyers(db: Kysely<Database>, count: number): Promise<Buyer[]> {
  const members = Array.from({ length: count }, () => ({ id: newId(), token: randomBytes(32).toString('base64url') }));
  for (let i = 0; i < members.length; i += 100) {
    const chunk = members.slice(i, i + 100);
    await db
      .insertInto('users')
      .values(
        chunk.map((m) => ({
          id: m.id,
          firstname: 'Buyer',
          lastname: m.id.slice(0, 6),
          email: `buyer-${m.id}@example.org`,
          password_hash: 'not-a-login',
          email_verified_at: new Date(),
        })),
      )
      .execute();
    await db
      .insertInto('sessions')
      .values(
        chunk.map((m) => ({
          token_hash: createHash('sha256').update(m.token).digest('hex'),
          user_id: m.id,
          persistent: true,
          expires_at: new Date(Date.now() + 3_600_000),
        })),
      )
      .execute();
  }
  return members.map((m) => ({ id: m.id, cookie: `sid=${m.token}` }));
}
