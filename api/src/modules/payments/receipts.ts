/**
 * The mails of giving: a receipt for every gift recorded (a one-time gift,
 * the first gift of a weekly or monthly one, each renewal), and a
 * confirmation when a weekly or monthly gift is stopped. A gift given signed
 * out goes to the address the giver typed (or the payment service asked
 * for); without one, no receipt is sent. Sent after the gift is committed:
 * a mail that fails is logged, the gift stays recorded (and on "My giving").
 */
import type { FastifyInstance } from 'fastify';
import { findDonationType, frequencyLabel, giftName, siteIdentity } from '@ministry/shared/config';
import { formatEventDate, formatPrice } from '@ministry/shared/format';
import { greeting, type Mailer } from '../../lib/mailer.js';

/** A gift's reference as the giver and the staff read it: 'G-' and the first 8 characters of its id. */
export const giftReference = (donationId: string): string => `G-${donationId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** Where a gift's mail goes: the address given with the gift, else its member's; and the name to greet. */
async function giverOf(app: FastifyInstance, row: { email: string | null; user_id: string | null }) {
  const member = row.user_id
    ? await app.db.selectFrom('users').select(['email', 'firstname']).where('id', '=', row.user_id).executeTakeFirst()
    : undefined;
  const to = row.email ?? member?.email;
  return to ? { to, firstname: member?.firstname ?? null } : undefined;
}

export interface GivingMails {
  /** The receipt of a gift just recorded; false when there is no address to send it to. */
  receipt(donationId: string): Promise<boolean>;
  /** The confirmation that a weekly or monthly gift (any gift of its subscription) is stopped. */
  recurringStopped(donationId: string): Promise<boolean>;
}

export function createGivingMails(app: FastifyInstance, mailer: Mailer): GivingMails {
  const myGiving = `${app.config.publicUrl}/my-giving`;

  async function receipt(donationId: string): Promise<boolean> {
    const row = await app.db.selectFrom('donations').selectAll().where('id', '=', donationId).executeTakeFirst();
    if (!row) return false;
    const giver = await giverOf(app, row);
    if (!giver) return false;
    const fund = findDonationType(row.type)?.label ?? row.type;
    const amount = Number(row.amount ?? 0);
    const fee = row.fee_covered === null ? 0 : Number(row.fee_covered);
    const repeats = row.frequency !== 'once';
    const lines = [
      greeting(giver.firstname),
      '',
      `Thank you for your ${giftName(row.type)} to ${siteIdentity.ministryName}. This is your receipt.`,
      '',
      `Amount: ${formatPrice(amount)}`,
      ...(fee > 0 ? [`Of which covers the processing fees: ${formatPrice(fee)}`] : []),
      `Fund: ${fund}`,
      `Date: ${formatEventDate(new Date(row.created_at).toISOString())}`,
      ...(repeats ? [`Frequency: ${frequencyLabel(row.frequency)}`] : []),
      `Reference: ${giftReference(row.id)}`,
      '',
      siteIdentity.giving.taxNote,
      '',
      ...(repeats ? [`Your ${row.frequency} gift goes on until you stop it, which you can do in "My giving".`, ''] : []),
      row.user_id
        ? 'Every gift you make, and your yearly statement, are in "My giving".'
        : 'Sign up or sign in with this address to see this gift, and your yearly statement, in "My giving".',
      `My giving: ${myGiving}`,
    ];
    await mailer.send({
      to: giver.to,
      subject: `Your receipt: ${formatPrice(amount)} to ${fund}`,
      text: `${lines.join('\n')}\n`,
    });
    return true;
  }

  async function recurringStopped(donationId: string): Promise<boolean> {
    const row = await app.db.selectFrom('donations').selectAll().where('id', '=', donationId).executeTakeFirst();
    if (!row || row.frequency === 'once') return false;
    const giver = await giverOf(app, row);
    if (!giver) return false;
    const fund = findDonationType(row.type)?.label ?? row.type;
    const last = await app.db
      .selectFrom('donations')
      .select(['amount', 'created_at'])
      .where('provider', '=', row.provider)
      .where('subscription_ref', '=', row.subscription_ref)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const amount = Number(last?.amount ?? row.amount ?? 0);
    await mailer.send({
      to: giver.to,
      subject: `Your ${row.frequency} gift to ${fund} is stopped`,
      text: [
        greeting(giver.firstname),
        '',
        `Your ${row.frequency} ${giftName(row.type)} of ${formatPrice(amount)} to ${fund} is stopped: no further gift will be taken.`,
        `Last gift: ${formatEventDate(new Date(last?.created_at ?? row.created_at).toISOString())}`,
        `Reference: ${giftReference(row.id)}`,
        '',
        `Thank you for your faithful giving. The gifts you made stay in "My giving", and on your yearly statement.`,
        `If you did not stop it, please write to ${siteIdentity.contact.email}.`,
        '',
        `My giving: ${myGiving}`,
        '',
      ].join('\n'),
    });
    return true;
  }

  return { receipt, recurringStopped };
}
