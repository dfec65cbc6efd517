/**
 * The staff's events (editors and admins; cancelling: admins only):
 * - GET /api/admin/events: every event, to come and past, with seats sold and held;
 * - POST /api/admin/events, GET and PUT /api/admin/events/{id}: create, read, edit;
 * - GET /api/admin/events/{id}/attendees (and .csv): its bookings and totals;
 * - GET /api/admin/events/{id}/check-in: tickets checked in and sold;
 *   POST with { code }: checks a ticket in at the door, once;
 * - POST /api/admin/events/{id}/cancel: cancels it, refunds every paid
 *   booking through the payment provider and e-mails every ticket holder,
 *   once each however often it is called.
 * Every change is in the activity log, and the public events list (cached
 * for a moment) is dropped at once.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SessionUser } from '../../lib/sessionUser.js';
import { countOf, inSiteTimeZone } from '@ministry/shared/format';
import type { AttendeeWithTickets, RecurrenceRule, StaffEventInput } from '@ministry/shared/types';
import { describeRule } from '../events/recurrence.js';
import { syncSeries } from '../events/series.js';
import { checkRule, clearRule, setRule, skipOccurrence, splitSeries, type SeriesChange } from './series.js';
import { eventCategorySchema, eventMessages, staffEventSchema } from '@ministry/shared/validation';
import { assertSiteMedia } from '../../lib/media.js';
import { toCsv, csvFileName } from '../../lib/csv.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { hasRole } from '@ministry/shared/config';
import { idParam } from '../../lib/ids.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import {
  AttendeeTicketListContract,
  CheckInCountsContract,
  EventCancellationContract,
  StaffEventBody,
  StaffEventWithSeriesContract,
  TicketCheckInResultContract,
} from '@ministry/shared/contracts';
import { answerSchema, envelope, errors, listOf } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { HttpError } from '../../lib/errors.js';
import { checkIn, checkInCounts } from './checkIn.js';
import { createFulfilment, type CancellationOutcome } from '../payments/fulfilment.js';
import { createPaymentProvider, hostedCheckoutOf } from '../payments/provider.js';
import { createWaitlistOffers } from '../seats/offers.js';
import {
  cancelEvent,
  createEvent,
  describeChange,
  findStaffEvent,
  listAttendees,
  listStaffEvents,
  PAYMENT_LABELS,
  updateEvent,
} from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const str = { type: 'string' } as const;
/** The event form's rules and its category's. */
const staffEventWithCategory = staffEventSchema.concat(eventCategorySchema);

const staffEventSchemaJson = answerSchema(StaffEventWithSeriesContract);

const attendeeListSchema = answerSchema(AttendeeTicketListContract);
const cancellationSchema = answerSchema(EventCancellationContract);

const idParams = { type: 'object', required: ['id'], properties: { id: idParam }, additionalProperties: false } as const;

/** How long a cancellation's answer waits for its refunds and e-mails before they go on without it. */
const CANCEL_ANSWER_WAIT_MS = 8000;

const quoted = (title: string) => `"${title}"`;
const bookingsWord = (n: number) => countOf(n, 'paid booking', 'paid bookings');

export async function staffEventRoutes(app: FastifyInstance): Promise<void> {
  // The public events list and calendar; checking a ticket in changes neither.
  writesChange(app, ['events']);
  const provider = createPaymentProvider(app.config);
  const fulfilment = createFulfilment(app, provider);
  // Refunds and e-mails of a cancellation still under way: closing the app waits for them.
  const cancelling = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...cancelling]);
  });

  const editor = staffOnly('editor');
  const waitlist = createWaitlistOffers(app, createPaymentProvider(app.config).name);

  /**
   * Cancels an event as the cancel button does: holds released and their
   * checkouts closed, paid bookings refunded and their holders e-mailed
   * (waiting a moment for them), logged once. Also used for the dates that
   * leave a series while holding bookings.
   */
  async function cancelWithRefunds(id: string, me: SessionUser, log: FastifyBaseLogger) {
    const { event, cancelledNow, released } = await cancelEvent(app.db, id);
    // Holds released: their checkouts can no longer be paid (a payment that still comes is refunded).
    for (const hold of released) {
      const hosted = hostedCheckoutOf(provider, hold);
      if (hosted) {
        provider
          .cancelCheckout(hosted)
          .catch((error: unknown) => log.warn({ err: error }, 'could not close a checkout of a cancelled event'));
      }
    }

    const work = fulfilment.eventCancelled(id);
    cancelling.add(work);
    void work.then(
      () => cancelling.delete(work),
      (error: unknown) => {
        cancelling.delete(work);
        log.error({ err: error, eventId: id }, 'could not finish refunding a cancelled event; the sweep tries the refunds again');
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race<CancellationOutcome | null>([
      work.catch(() => null),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CANCEL_ANSWER_WAIT_MS))),
    ]);
    clearTimeout(timer);
    const now = await app.db
      .selectFrom('bookings')
      .select(['status', 'cancellation_sent_at'])
      .where('event_id', '=', id)
      .where('refund_reason', '=', 'event_cancelled')
      .execute();
    const standing = outcome ?? {
      refunded: now.filter((r) => r.status === 'refunded').length,
      refundsPending: now.filter((r) => r.status === 'refund_due').length,
      notified: now.filter((r) => r.cancellation_sent_at !== null).length,
    };
    if (cancelledNow) {
      await recordActivity(app.db, me, {
        action: 'cancelled',
        subjectType: 'event',
        subjectId: id,
        summary:
          now.length === 0
            ? `Event ${quoted(event.title)} cancelled (no tickets sold)`
            : `Event ${quoted(event.title)} cancelled: ${bookingsWord(now.length)} ${standing.refundsPending === 0 ? 'refunded' : 'being refunded'}, their holders e-mailed`,
      });
    }
    return { event: (await findStaffEvent(app.db, id)) ?? event, ...standing, finished: outcome !== null };
  }

  /** Cancels the occurrences a series change left with bookings. */
  async function cancelLeft(toCancel: string[], me: SessionUser, log: FastifyBaseLogger) {
    for (const id of toCancel) await cancelWithRefunds(id, me, log);
  }

  app.get(
    '',
    { onRequest: editor, schema: { response: { 200: envelope(listOf(staffEventSchemaJson)), ...errors(401, 403) } } },
    async () => ({ data: await listStaffEvents(app.db, app.clock.now()) }),
  );

  app.post(
    '',
    {
      onRequest: editor,
      ...checkedBody,
      schema: { body: StaffEventBody, response: { 201: envelope(staffEventSchemaJson), ...errors(400, 401, 403) } },
    },
    async (request, reply) => {
      const me = requireRole(request, 'editor');
      const input: StaffEventInput = await readBody(request, staffEventWithCategory);
      await assertSiteMedia(app, input.photo, 'photo', eventMessages.photo);
      const event = await createEvent(app.db, input, app.clock.now());
      await recordActivity(app.db, me, {
        action: 'created',
        subjectType: 'event',
        subjectId: event._id,
        summary: `Event ${quoted(event.title)} created for ${event.date} ${event.time} (${event.seats} seats)`,
      });
      return reply.status(201).send({ data: event });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      onRequest: editor,
      schema: { params: idParams, response: { 200: envelope(staffEventSchemaJson), ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const event = await findStaffEvent(app.db, request.params.id);
      if (!event) throw notFound('That event');
      return { data: event };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/:id',
    {
      onRequest: editor,
      ...checkedBody,
      schema: {
        params: idParams,
        body: StaffEventBody,
        response: { 200: envelope(staffEventSchemaJson), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = requireRole(request, 'editor');
      const input: StaffEventInput = await readBody(request, staffEventWithCategory);
      await assertSiteMedia(app, input.photo, 'photo', eventMessages.photo);
      const change = await updateEvent(app.db, request.params.id, input, app.clock.now());
      // A series: its dates to come that were not changed on their own take the changes.
      if (change.after.recurrence)
        await cancelLeft((await syncSeries(app.db, change.after._id, app.clock.now())).toCancel, me, request.log);
      // Seats added go to the members waiting first.
      if (change.after.seats > change.before.seats) await waitlist.offer(change.after._id);
      const what = describeChange(change);
      if (what) {
        await recordActivity(app.db, me, {
          action: 'updated',
          subjectType: 'event',
          subjectId: change.after._id,
          summary: `Event ${quoted(change.after.title)} updated: ${what}`,
        });
      }
      return { data: change.after };
    },
  );

  const dateString = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
  const ruleBody = {
    type: 'object',
    required: ['rule'],
    additionalProperties: false,
    properties: {
      rule: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            required: ['freq', 'interval'],
            additionalProperties: false,
            properties: {
              freq: { type: 'string', enum: ['weekly', 'monthly'] },
              interval: { type: 'integer', minimum: 1, maximum: 12 },
              weekdays: { type: 'array', maxItems: 7, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 6 } },
              until: { anyOf: [dateString, { type: 'null' }] },
              count: { type: ['integer', 'null'], minimum: 1, maximum: 400 },
              skipped: { type: 'array', maxItems: 400, items: dateString },
            },
          },
        ],
      },
    },
  } as const;
  const seriesAnswer = envelope({ type: ['object', 'null'], properties: staffEventSchemaJson.properties });

  /** After a series changed: the dates that left it with bookings are cancelled, the public lists dropped, the change logged. */
  async function seriesChanged(change: SeriesChange, me: SessionUser, log: FastifyBaseLogger, summary: string) {
    await cancelLeft(change.toCancel, me, log);
    await recordActivity(app.db, me, {
      action: 'updated',
      subjectType: 'event',
      subjectId: change.series?._id ?? 'series',
      summary,
    });
    return { data: change.series };
  }

  app.put<{ Params: { id: string }; Body: { rule: RecurrenceRule | null } }>(
    '/:id/recurrence',
    {
      onRequest: editor,
      schema: { params: idParams, body: ruleBody, response: { 200: seriesAnswer, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const me = requireRole(request, 'editor');
      const { rule } = request.body;
      const now = app.clock.now();
      if (!rule)
        return seriesChanged(await clearRule(app.db, request.params.id, now), me, request.log, 'An event no longer repeats');
      const checked = checkRule({
        freq: rule.freq,
        interval: rule.interval,
        weekdays: rule.weekdays ?? [],
        until: rule.until ?? null,
        count: rule.count ?? null,
        skipped: rule.skipped ?? [],
      });
      const change = await setRule(app.db, request.params.id, checked, now);
      return seriesChanged(
        change,
        me,
        request.log,
        `Event ${quoted(change.series?.title ?? '')} repeats: ${describeRule(checked)}`,
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/skip',
    {
      onRequest: editor,
      schema: { params: idParams, response: { 200: seriesAnswer, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const me = requireRole(request, 'editor');
      const before = await findStaffEvent(app.db, request.params.id);
      // A booked date skipped is cancelled and refunded: that is an admin's to do, as cancelling is.
      if (before && before.seatsSold + before.seatsHeld > 0 && !hasRole(me.role, 'admin')) {
        throw forbidden('This date has bookings: only an admin may skip it (its bookings are cancelled and refunded).');
      }
      const change = await skipOccurrence(app.db, request.params.id, app.clock.now());
      return seriesChanged(
        change,
        me,
        request.log,
        `Event ${quoted(change.series?.title ?? '')}: ${before?.occurrenceOn ?? ''} skipped`,
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/split',
    {
      onRequest: editor,
      ...checkedBody,
      schema: { params: idParams, body: StaffEventBody, response: { 200: seriesAnswer, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const me = requireRole(request, 'editor');
      const input: StaffEventInput = await readBody(request, staffEventWithCategory);
      await assertSiteMedia(app, input.photo, 'photo', eventMessages.photo);
      const change = await splitSeries(app.db, request.params.id, input, app.clock.now());
      return seriesChanged(change, me, request.log, `Event ${quoted(input.title)}: changed from ${input.date} on (a new series)`);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/cancel',
    {
      onRequest: staffOnly('admin'),
      schema: { params: idParams, response: { 200: envelope(cancellationSchema), ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const me = requireRole(request, 'admin');
      const { id } = request.params;
      const current = await findStaffEvent(app.db, id);
      if (!current) throw notFound('That event');
      if (!current.cancelledAt && !current.recurrence && Date.parse(current.event_date) <= app.clock.now().getTime()) {
        throw conflict('This event has already taken place, so it can no longer be cancelled.');
      }
      // A series: every date to come is cancelled as an event of its own, then the series.
      if (current.recurrence) {
        const dates = await app.db
          .selectFrom('events')
          .select('id')
          .where('series_id', '=', id)
          .where('cancelled_at', 'is', null)
          .where('event_date', '>', app.clock.now())
          .execute();
        await cancelLeft(
          dates.map((d) => d.id),
          me,
          request.log,
        );
      }
      return { data: await cancelWithRefunds(id, me, request.log) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id/attendees',
    {
      onRequest: editor,
      schema: { params: idParams, response: { 200: envelope(attendeeListSchema), ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await listAttendees(app.db, request.params.id, app.clock.now()) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id/attendees.csv',
    { onRequest: editor, schema: { params: idParams, response: { 200: str, ...errors(400, 401, 403, 404) } } },
    async (request, reply) => {
      const me = requireRole(request, 'editor');
      const list = await listAttendees(app.db, request.params.id, app.clock.now());
      // The file holds members' names and addresses: who took it, and when, is kept.
      await recordActivity(app.db, me, {
        action: 'downloaded',
        subjectType: 'event',
        subjectId: request.params.id,
        summary: `Attendees of ${quoted(list.event.title)} downloaded (${countOf(list.attendees.length, 'booking', 'bookings')})`,
      });
      const at = (iso: string | null) => (iso ? inSiteTimeZone(iso).format('YYYY-MM-DD HH:mm') : '');
      const payment = (a: AttendeeWithTickets) =>
        list.free && a.payment === 'paid' ? 'Reserved (free)' : PAYMENT_LABELS[a.payment];
      // One row per ticket (per person at the door); a booking without tickets (not paid, refunded) has one row.
      const rows = list.attendees.flatMap((a) => {
        const booking = [a.name, a.email, a.reference, a.tickets, payment(a), a.amount.toFixed(2), at(a.bookedAt), at(a.paidAt)];
        if (a.passes.length === 0) return [[...booking, '', '', '', '', '']];
        return a.passes.map((t) => [
          ...booking,
          `${t.position} of ${a.tickets}`,
          t.code,
          at(t.checkedInAt),
          t.checkedInBy ?? '',
          t.forwardedTo ?? '',
        ]);
      });
      const csv = toCsv(
        [
          'Name',
          'E-mail',
          'Booking reference',
          'Tickets',
          'Payment',
          'Amount (USD)',
          'Booked on',
          'Paid on',
          'Ticket',
          'Ticket code',
          'Checked in at',
          'Checked in by',
          'Sent to',
        ],
        rows,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName(list.event.title, 'attendees')}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  const countsSchema = answerSchema(CheckInCountsContract);

  app.get<{ Params: { id: string } }>(
    '/:id/check-in',
    { onRequest: editor, schema: { params: idParams, response: { 200: envelope(countsSchema), ...errors(400, 401, 403, 404) } } },
    async (request, reply) => {
      if (!(await findStaffEvent(app.db, request.params.id))) throw notFound('That event');
      reply.header('Cache-Control', 'no-store');
      return { data: await checkInCounts(app.db, request.params.id) };
    },
  );

  app.post<{ Params: { id: string }; Body: { code: string } }>(
    '/:id/check-in',
    {
      config: { changes: [] },
      onRequest: editor,
      schema: {
        params: idParams,
        body: { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 200 } } },
        response: {
          200: envelope(answerSchema(TicketCheckInResultContract)),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const staff = requireRole(request, 'editor');
      const event = await findStaffEvent(app.db, request.params.id);
      if (!event) throw notFound('That event');
      const result = await checkIn(app.db, { eventId: request.params.id, code: request.body.code, staffId: staff.id });
      switch (result.outcome) {
        case 'checked_in': {
          const { ticket } = result;
          await recordActivity(app.db, staff, {
            action: 'checked in',
            subjectType: 'event',
            subjectId: request.params.id,
            summary: `${ticket.name} checked in at ${quoted(event.title)} (ticket ${ticket.position} of ${ticket.quantity}, booking ${ticket.reference})`,
          });
          return { data: { outcome: result.outcome, ticket: result.ticket, counts: result.counts } };
        }
        case 'already':
          return { data: { outcome: result.outcome, ticket: result.ticket, counts: result.counts } };
        case 'bad_code':
          throw new HttpError(
            400,
            'bad_code',
            'That is not a ticket code: a code has 20 letters and digits (ABCDE-FGHJK-MNPQR-STVWX).',
            {
              code: 'A code has 20 letters and digits.',
            },
          );
        case 'unknown':
          throw new HttpError(
            404,
            'unknown_ticket',
            'No ticket has this code. Check the code, or ask for the confirmation e-mail.',
          );
        case 'other_event':
          throw new HttpError(409, 'other_event', 'This ticket is for another event.');
        default:
          throw new HttpError(
            409,
            'ticket_not_valid',
            result.status === 'refunded' || result.status === 'refund_due'
              ? 'This booking was cancelled and refunded: the ticket is not valid.'
              : 'This ticket is not paid: it is not valid.',
          );
      }
    },
  );
}
