/**
 * The gifts, for the admins: filtered by type, frequency and a range of days
 * on the site's clock, with totals per type and per month (refunded gifts
 * are listed but not counted).
 */
import type { Kysely } from 'kysely';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { DonationFilters, DonationRecord, DonationReport } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';

/** The newest gifts the page lists (the totals and the CSV cover every gift that matches). */
export const DONATIONS_LISTED = 200;

const money = (value: number): number => Math.round(value * 100) / 100;
const TYPES: DonationRecord['type'][] = ['offering', 'tithing', 'charitable', 'generous'];

/** Every gift that matches, newest first. */
export async function findDonations(db: Kysely<Database>, filters: DonationFilters): Promise<DonationRecord[]> {
  let query = db
    .selectFrom('donations')
    .leftJoin('users', 'users.id', 'donations.user_id')
    .select([
      'donations.id',
      'donations.type',
      'donations.frequency',
      'donations.amount',
      'donations.status',
      'donations.provider',
      'donations.email',
      'donations.created_at',
      'users.firstname',
      'users.lastname',
      'users.email as user_email',
      'users.deleted_at',
    ])
    .orderBy('donations.created_at', 'desc')
    .orderBy('donations.id', 'desc');
  if (filters.type) query = query.where('donations.type', '=', filters.type);
  if (filters.frequency) query = query.where('donations.frequency', '=', filters.frequency);
  // Whole days on the site's clock: from the first day's midnight to the midnight after the last.
  if (filters.from) query = query.where('donations.created_at', '>=', inSiteTimeZone(filters.from).startOf('day').toDate());
  if (filters.to)
    query = query.where('donations.created_at', '<', inSiteTimeZone(filters.to).startOf('day').add(1, 'day').toDate());
  const rows = await query.execute();
  return rows.map((r) => ({
    _id: r.id,
    type: r.type,
    frequency: r.frequency,
    amount: r.amount === null ? null : Number(r.amount),
    status: r.status,
    provider: r.provider,
    giver: r.firstname !== null ? `${r.firstname} ${r.lastname ?? ''}`.trim() : (r.email ?? null),
    // A deleted account's gift: "Former member", with the address it was given from.
    email: r.deleted_at ? r.email : (r.user_email ?? r.email),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The totals of the gifts given (refunded ones are not counted): in all, per type, per month on the site's clock. */
export function donationTotals(gifts: DonationRecord[]): DonationReport['totals'] {
  const given = gifts.filter((g) => g.status === 'paid');
  const byType = new Map(TYPES.map((type) => [type, { type, count: 0, amount: 0 }]));
  const byMonth = new Map<string, { month: string; count: number; amount: number }>();
  let amount = 0;
  for (const gift of given) {
    const value = gift.amount ?? 0;
    amount += value;
    const type = byType.get(gift.type)!;
    type.count += 1;
    type.amount += value;
    const key = inSiteTimeZone(gift.createdAt).format('YYYY-MM');
    const month = byMonth.get(key) ?? { month: key, count: 0, amount: 0 };
    month.count += 1;
    month.amount += value;
    byMonth.set(key, month);
  }
  return {
    count: given.length,
    amount: money(amount),
    byType: [...byType.values()].map((t) => ({ ...t, amount: money(t.amount) })),
    byMonth: [...byMonth.values()].sort((a, b) => b.month.localeCompare(a.month)).map((m) => ({ ...m, amount: money(m.amount) })),
  };
}

export async function donationReport(db: Kysely<Database>, filters: DonationFilters): Promise<DonationReport> {
  const gifts = await findDonations(db, filters);
  return {
    items: gifts.slice(0, DONATIONS_LISTED),
    matched: gifts.length,
    limit: DONATIONS_LISTED,
    totals: donationTotals(gifts),
  };
}
