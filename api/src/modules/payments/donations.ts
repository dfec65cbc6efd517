/**
 * Donations as they are paid: each recorded once per provider reference
 * (whoever reports it twice), and the first gift of a subscription, whose
 * renewals are recorded like it. What the member sees of their gifts is
 * gifts.ts.
 */
import type { Kysely } from 'kysely';
import type { DonationFrequency, DonationType } from '@ministry/shared/config';
import type { Database } from '../../db/index.js';
import { newId } from '../../lib/ids.js';

type Executor = Kysely<Database>;

export interface DonationInput {
  type: DonationType;
  frequency: DonationFrequency;
  amount: number | null;
  currency?: string;
  provider: string;
  /** The provider's reference of the payment: a donation is recorded once per reference. */
  providerRef: string;
  /** The subscription of a recurring gift, whose renewals are recorded under it. */
  subscriptionRef?: string | null;
  /** The part of `amount` the donor added to cover the processing fees. */
  feeCovered?: number | null;
  userId?: string | null;
  email?: string | null;
}

/** Records a completed donation once; answers its id, or null when this reference was recorded before. */
export async function recordDonation(db: Executor, input: DonationInput): Promise<string | null> {
  const row = await db
    .insertInto('donations')
    .values({
      id: newId(),
      type: input.type,
      frequency: input.frequency,
      amount: input.amount,
      currency: input.currency ?? 'usd',
      provider: input.provider,
      provider_ref: input.providerRef,
      subscription_ref: input.subscriptionRef ?? null,
      fee_covered: input.feeCovered ?? null,
      user_id: input.userId ?? null,
      email: input.email ?? null,
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The first recorded gift of a subscription (its type, plan and giver), or undefined. */
export async function findSubscriptionDonation(db: Executor, provider: string, subscriptionRef: string) {
  return db
    .selectFrom('donations')
    .select(['type', 'frequency', 'user_id', 'email'])
    .where('provider', '=', provider)
    .where('subscription_ref', '=', subscriptionRef)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}
