/**
 * The provider's webhook events already handled (webhook.ts): each id is
 * recorded in the same transaction as its effect, so a replayed, retried or
 * concurrent delivery changes nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';

type Executor = Kysely<Database>;

/** Marks a provider's webhook event as handled; false when it was handled before. */
export async function claimWebhookEvent(trx: Executor, provider: string, id: string, type: string): Promise<boolean> {
  const row = await trx
    .insertInto('payment_webhook_events')
    .values({ id, provider, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
