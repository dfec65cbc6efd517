import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';

/** Stores the address once (case-insensitive); says whether it was new. */
export async function subscribe(db: Kysely<Database>, email: string): Promise<{ created: boolean }> {
  const inserted = await db
    .insertInto('newsletter_subscribers')
    .values({ email: email.trim().toLowerCase() })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('email')
    .executeTakeFirst();
  return { created: inserted !== undefined };
}
