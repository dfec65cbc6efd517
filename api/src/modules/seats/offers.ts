/**
 * Offers to members waiting, end to end: made in the database (service.ts),
 * then, after the commit, each member is told by e-mail, with a link
 * straight to the checkout of the seats held for them. The sweep
 * (`waitlist-offers`, once across every process: lib/jobs.ts) releases
 * offers and holds whose time is up and passes their seats on.
 */
import type { FastifyInstance } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { countOf, formatEventDate, formatEventTime } from '@ministry/shared/format';
import { actionButton, greeting, type Mailer } from '../../lib/mailer.js';
import { escapeHtml } from '../../lib/html.js';
import { releaseExpired } from './bookings.js';
import { closeAllSettledOffers, eventsWithOffersDue, offerFreeSeats, type Offer, type OfferOptions } from './waitlist.js';

export interface WaitlistOffers {
  /** The options offers are made with (hours, provider, now). */
  options(): OfferOptions;
  /** Offers an event's free seats to the members waiting and mails the offers; answers them. */
  offer(eventId: string): Promise<Offer[]>;
  /** Mails offers made in a transaction now committed. */
  mail(offers: Offer[]): Promise<void>;
  /** The sweep: expired holds and offers released, settled offers closed, free seats offered. */
  sweep(): Promise<number>;
}

export function createWaitlistOffers(app: FastifyInstance, providerName: string, mailer: Mailer = app.mailer): WaitlistOffers {
  const options = (): OfferOptions => ({
    offerHours: app.config.waitlistOfferHours,
    provider: providerName,
    seatsPerMember: app.config.seatsPerMember,
    now: app.clock.now(),
  });

  async function mailOne(offer: Offer): Promise<void> {
    const row = await app.db
      .selectFrom('users')
      .innerJoin('events', (join) => join.on('events.id', '=', offer.eventId))
      .select(['users.email', 'users.firstname', 'events.title', 'events.event_date', 'events.seat_price'])
      .where('users.id', '=', offer.userId)
      .executeTakeFirst();
    if (!row) return;
    const date = new Date(row.event_date).toISOString();
    const until = offer.expiresAt.toISOString();
    // A free event's places are taken on its page; paid seats on the checkout page of the seats held.
    const free = Number(row.seat_price) === 0;
    const link = free
      ? `${app.config.publicUrl}/events/${offer.eventId}`
      : `${app.config.publicUrl}/pay/checkout/${offer.bookingId}`;
    const action = free ? 'Reserve your places' : 'Pay for your seats';
    const seats = countOf(offer.quantity, 'seat', 'seats');
    const first = `Good news: ${seats} for ${row.title} (${formatEventDate(date)} at ${formatEventTime(date)}) came free, and we are holding ${offer.quantity === 1 ? 'it' : 'them'} for you from the waitlist.`;
    const second = `The seats are yours until ${formatEventDate(until)} at ${formatEventTime(until)}. After that they go to the next person waiting.`;
    await mailer.send({
      to: row.email,
      subject: `Seats for you: ${row.title}`,
      text: [greeting(row.firstname), '', first, '', second, '', `${action}: ${link}`, '', siteIdentity.ministryName, ''].join(
        '\n',
      ),
      html: [
        `<p>${escapeHtml(greeting(row.firstname))}</p>`,
        `<p>${escapeHtml(first)}</p>`,
        `<p>${escapeHtml(second)}</p>`,
        actionButton(action, link),
        `<p>${escapeHtml(siteIdentity.ministryName)}</p>`,
      ].join('\n'),
    });
  }

  async function mail(offers: Offer[]): Promise<void> {
    for (const offer of offers) {
      try {
        await mailOne(offer);
      } catch (error) {
        // The seats stay held for the member: the site shows the offer on the event's page.
        app.log.error({ err: error, bookingId: offer.bookingId }, 'could not e-mail a waitlist offer');
      }
    }
    if (offers.length > 0) app.answerCache.clear('events');
  }

  async function offer(eventId: string): Promise<Offer[]> {
    const offers = await offerFreeSeats(app.db, eventId, options());
    await mail(offers);
    return offers;
  }

  async function sweep(): Promise<number> {
    const now = app.clock.now();
    await releaseExpired(app.db, now);
    await closeAllSettledOffers(app.db, now);
    let made = 0;
    for (const eventId of await eventsWithOffersDue(app.db)) made += (await offer(eventId)).length;
    return made;
  }

  return { options, offer, mail, sweep };
}
