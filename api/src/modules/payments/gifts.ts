/**
 * Giving history: the member's own gifts (made signed in, or made signed out
 * with the same e-mail address once the member has confirmed it), their
 * weekly and monthly gifts with the next date and a way to stop them, and a
 * yearly statement as a PDF. Every read and change is of the signed-in
 * member's gifts only.
 */
import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';
import type { Kysely } from 'kysely';
import {
  findDonationType,
  frequencyLabel,
  siteIdentity,
  type DonationFrequency,
  type DonationType,
} from '@ministry/shared/config';
import { formatEventDate, formatPrice } from '@ministry/shared/format';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database>;

export interface Giver {
  id: string;
  email: string;
  verified: boolean;
}

export interface GiftView {
  _id: string;
  date: string;
  type: DonationType;
  typeLabel: string;
  frequency: DonationFrequency;
  recurring: boolean;
  amount: number;
  feeCovered: number | null;
  status: 'paid' | 'refunded';
}

export interface RecurringGiftView {
  _id: string;
  type: DonationType;
  typeLabel: string;
  frequency: DonationFrequency;
  amount: number;
  startedAt: string;
  lastGiftAt: string;
  nextDate: string | null;
  cancelledAt: string | null;
  provider: string;
  subscriptionRef: string;
}

const money = (value: number): number => Math.round(value * 100) / 100;

/**
 * What a donor adds to cover the processing fees of a gift of `amount`
 * dollars: `percent` of the gift plus the fixed part, rounded to the cent.
 */
export function processingFee(amount: number, percent: number, fixed: number): number {
  return money((amount * percent) / 100 + fixed);
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/**
 * The member's gifts: by account, or given without an account from the
 * confirmed e-mail address (never another account's gifts: a deleted
 * account's stay with it, not with a new account of the same address).
 */
function giftsQuery(db: Executor, giver: Giver) {
  return db
    .selectFrom('donations')
    .selectAll()
    .where((eb) =>
      giver.verified
        ? eb.or([
            eb('user_id', '=', giver.id),
            eb.and([eb('user_id', 'is', null), eb(eb.fn('lower', ['email']), '=', giver.email.toLowerCase())]),
          ])
        : eb('user_id', '=', giver.id),
    );
}

/** The member's gifts, newest first. */
export async function listGifts(db: Executor, giver: Giver): Promise<GiftView[]> {
  const rows = await giftsQuery(db, giver).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map((row) => ({
    _id: row.id,
    date: iso(row.created_at),
    type: row.type,
    typeLabel: findDonationType(row.type)?.label ?? row.type,
    frequency: row.frequency,
    recurring: row.frequency !== 'once',
    amount: Number(row.amount ?? 0),
    feeCovered: row.fee_covered === null ? null : Number(row.fee_covered),
    status: row.status,
  }));
}

/** The date after `last` on which a weekly or monthly gift comes next (never in the past). */
export function nextGiftDate(last: Date, frequency: DonationFrequency, now = new Date()): Date {
  const next = new Date(last);
  const step = () => (frequency === 'weekly' ? next.setUTCDate(next.getUTCDate() + 7) : next.setUTCMonth(next.getUTCMonth() + 1));
  step();
  while (next.getTime() <= now.getTime()) step();
  return next;
}

/** The member's weekly and monthly gifts, one per subscription, with their next date. */
export async function listRecurring(db: Executor, giver: Giver): Promise<RecurringGiftView[]> {
  const rows = await giftsQuery(db, giver)
    .where('frequency', '<>', 'once')
    .where('subscription_ref', 'is not', null)
    .orderBy('created_at')
    .execute();
  const bySubscription = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.provider}:${row.subscription_ref}`;
    bySubscription.set(key, [...(bySubscription.get(key) ?? []), row]);
  }
  return [...bySubscription.values()]
    .map((gifts) => {
      const first = gifts[0];
      const last = gifts[gifts.length - 1];
      const cancelled = gifts.find((g) => g.subscription_cancelled_at)?.subscription_cancelled_at ?? null;
      return {
        _id: first.id,
        type: first.type,
        typeLabel: findDonationType(first.type)?.label ?? first.type,
        frequency: first.frequency,
        amount: Number(last.amount ?? 0),
        startedAt: iso(first.created_at),
        lastGiftAt: iso(last.created_at),
        nextDate: cancelled ? null : nextGiftDate(new Date(last.created_at), first.frequency).toISOString(),
        cancelledAt: cancelled ? iso(cancelled) : null,
        provider: first.provider,
        subscriptionRef: first.subscription_ref as string,
      };
    })
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** One of the member's recurring gifts by the id of any of its gifts, or undefined. */
export async function findOwnRecurring(db: Executor, giver: Giver, donationId: string) {
  return giftsQuery(db, giver)
    .where('id', '=', donationId)
    .where('frequency', '<>', 'once')
    .where('subscription_ref', 'is not', null)
    .executeTakeFirst();
}

/** Records that a recurring gift is stopped (every gift of its subscription); false when it was stopped already. */
export async function markRecurringCancelled(db: Executor, provider: string, subscriptionRef: string): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set({ subscription_cancelled_at: new Date() })
    .where('provider', '=', provider)
    .where('subscription_ref', '=', subscriptionRef)
    .where('subscription_cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The year of a moment in the site's time zone. */
const siteYear = (date: string): number =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: siteIdentity.timeZone, year: 'numeric' }).format(new Date(date)));

/** The gifts of a year that count for the statement (paid, not refunded), oldest first. */
export async function statementGifts(db: Executor, giver: Giver, year: number): Promise<GiftView[]> {
  const gifts = await listGifts(db, giver);
  return gifts.filter((g) => g.status === 'paid' && siteYear(g.date) === year).reverse();
}

/** The yearly giving statement as a PDF: the ministry's name and address, each gift and the total. */
export function statementPdf(options: {
  year: number;
  donor: { name: string; email: string };
  gifts: GiftView[];
}): Promise<Buffer> {
  const { year, donor, gifts } = options;
  // Loaded with the first statement (most processes never write one).
  const PDFDocument = createRequire(import.meta.url)('pdfkit') as typeof PDFKit;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Giving statement ${year}`, Author: siteIdentity.ministryName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(18).text(siteIdentity.ministryName);
  doc.font('Helvetica').fontSize(10).fillColor('#444444').text(siteIdentity.contact.address).text(siteIdentity.contact.email);
  doc.moveDown(1.5).fillColor('#000000');
  doc.font('Helvetica-Bold').fontSize(14).text(`Giving statement ${year}`);
  doc.font('Helvetica').fontSize(11).text(`Donor: ${donor.name}`).text(`E-mail: ${donor.email}`);
  doc.moveDown();
  const columns = [0, 110, 260, 370];
  const bottom = doc.page.height - doc.page.margins.bottom - 24;
  const row = (cells: string[], bold = false) => {
    // A row never splits across pages: a long year goes on to the next page.
    if (doc.y > bottom) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    cells.forEach((cell, i) => {
      const last = i === cells.length - 1;
      doc.text(
        cell,
        left + columns[i],
        y,
        last ? { width: width - columns[i], align: 'right' } : { width: columns[i + 1] - columns[i] - 8 },
      );
    });
    doc.x = left;
    doc.moveDown(0.4);
  };
  row(['Date', 'Type', 'Frequency', 'Amount'], true);
  if (gifts.length === 0) {
    doc.font('Helvetica').text(`No gifts recorded in ${year}.`, left);
    doc.moveDown(0.4);
  }
  for (const gift of gifts)
    row([formatEventDate(gift.date), gift.typeLabel, frequencyLabel(gift.frequency), formatPrice(gift.amount)]);
  const total = money(gifts.reduce((sum, g) => sum + g.amount, 0));
  doc.moveDown(0.4);
  row(['Total', '', '', formatPrice(total)], true);
  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(
      `${siteIdentity.giving.taxNote} Thank you for your generosity. ${siteIdentity.ministryName}, ${siteIdentity.contact.address}.`,
      left,
      doc.y,
      {
        width,
      },
    );
  doc.end();
  return done;
}
