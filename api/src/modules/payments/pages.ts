/**
 * The hosted pages under /pay/...:
 * - /pay/checkout/{bookingId}: the `local` provider's checkout, marked TEST
 *   MODE. Pay and Cancel run the same fulfilment as Stripe's webhooks.
 * - /pay/donate/{type}?frequency=once|weekly|monthly: the donation page of a
 *   giving type. `local` serves a test-mode page that records the gift (signed
 *   out, with the address the receipt goes to, if the giver gives one) and
 *   mails its receipt;
 *   `stripe` sends the browser on to the type's payment link from config.
 *   An unknown type goes back to /offering (spec section 7).
 * Forms post only from these pages (SameSite cookies, and a foreign Origin
 * is refused).
 */
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  findDonationType,
  frequencyLabel,
  giftName,
  siteIdentity,
  type DonationOption,
  type DonationPlan,
} from '@ministry/shared/config';
import { newsletterSchema } from '@ministry/shared/validation';
import { formatDuration, formatEventDate, formatEventTime } from '@ministry/shared/format';
import { isUuid, newId } from '../../lib/ids.js';
import { isAllowedOrigin } from '../../plugins/security.js';
import type { Checkouts } from './checkout.js';
import type { Fulfilment } from './fulfilment.js';
import { processingFee } from './gifts.js';
import { escapeHtml } from '../../lib/html.js';
import { dollars, FONT_WEIGHTS, renderPage } from './html.js';
import { providerFor } from './provider.js';
import type { PaymentProvider } from './providerTypes.js';
import { releaseBooking } from '../seats/bookings.js';
import { asSeen, findBookingView } from './bookingViews.js';
import { recordDonation } from './donations.js';
import type { WaitlistOffers } from '../seats/offers.js';
import type { GivingMails } from './receipts.js';

const MAX_DONATION = 100_000;
const money = (value: number): number => Math.round(value * 100) / 100;
/** Test-mode gifts one member (or one address, signed out) may record in an hour. */
export const TEST_GIFTS_PER_HOUR = 10;

const bookingParams = {
  type: 'object',
  required: ['bookingId'],
  properties: { bookingId: { type: 'string', maxLength: 100 } },
} as const;
const typeParams = { type: 'object', required: ['type'], properties: { type: { type: 'string', maxLength: 40 } } } as const;
const frequencyQuery = { type: 'object', properties: { frequency: { type: 'string', maxLength: 20 } } } as const;
const donationBody = {
  type: 'object',
  properties: {
    frequency: { type: 'string', maxLength: 20 },
    amount: { type: 'string', maxLength: 20 },
    nonce: { type: 'string', maxLength: 100 },
    review: { type: 'string', maxLength: 10 },
    coverFee: { type: 'string', maxLength: 10 },
    // Signed out, where the receipt goes (optional).
    email: { type: 'string', maxLength: 300 },
    // Sent by nothing of ours: a figure from the browser is never trusted.
    total: { type: 'string', maxLength: 20 },
  },
} as const;

type BookingRequest = FastifyRequest<{ Params: { bookingId: string } }>;

/** The site's font files (shared's own Poppins, as the site's bundle has them), by weight; undefined when not installed. */
function fontFile(weight: string): string | undefined {
  try {
    const fromShared = createRequire(fileURLToPath(import.meta.resolve('@ministry/shared/config')));
    return fromShared.resolve(`@fontsource/poppins/files/poppins-latin-${weight}-normal.woff2`);
  } catch {
    return undefined;
  }
}
const FONT_FILES = new Map(FONT_WEIGHTS.map((weight) => [`poppins-${weight}.woff2`, fontFile(weight)]));

export async function paymentPages(
  app: FastifyInstance,
  options: {
    provider: PaymentProvider;
    fulfilment: Fulfilment;
    waitlist: WaitlistOffers;
    checkouts: Checkouts;
    givingMails: GivingMails;
  },
): Promise<void> {
  const { provider, fulfilment, waitlist, checkouts, givingMails } = options;
  const testMode = provider.testMode;
  const testGifts = app.failureCounters('test-gifts', TEST_GIFTS_PER_HOUR, 3_600_000);

  // The pages' font: the site's own, so these pages read like the rest of the site.
  app.get<{ Params: { file: string } }>(
    '/fonts/:file',
    { schema: { params: { type: 'object', required: ['file'], properties: { file: { type: 'string', maxLength: 40 } } } } },
    async (request, reply) => {
      const file = FONT_FILES.get(request.params.file);
      if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('font/woff2').send(createReadStream(file));
    },
  );

  // The pages' forms: parsed here only (the API itself takes JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const send = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderPage({ title, body, testMode }));

  const message = (
    reply: FastifyReply,
    status: number,
    title: string,
    text: string,
    link: [string, string] = ['/', 'Back to the site'],
  ) =>
    send(
      reply,
      status,
      title,
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><div class="actions"><a class="button primary" href="${escapeHtml(link[0])}">${escapeHtml(link[1])}</a></div>`,
    );

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!isAllowedOrigin(origin, request.headers.host, app.config.allowedOrigins)) {
      return message(reply, 403, 'Not allowed', 'This form can only be sent from its own page.');
    }
  });

  /** The signed-in member's booking of the request, or a page saying why not (sent). */
  async function ownBooking(request: BookingRequest, reply: FastifyReply) {
    const me = request.sessionUser;
    if (!me) {
      await message(reply, 401, 'Please log in', 'Log in on the site to see your booking.', ['/login?next=/booking', 'Log in']);
      return null;
    }
    const view = isUuid(request.params.bookingId) ? await findBookingView(app.db, request.params.bookingId) : undefined;
    if (!view || view.user_id !== me.id) {
      await message(reply, 404, 'Booking not found', 'We could not find this booking. It may belong to another account.', [
        '/events',
        'See the events',
      ]);
      return null;
    }
    return view;
  }

  /** A booking checked out in test mode: its checkout is this page, whatever the site uses now. */
  const isTestCheckout = (view: { provider: string }): boolean => providerFor(provider, view.provider)?.testMode === true;

  const notPaidHere = (reply: FastifyReply) =>
    message(reply, 404, 'Booking not found', 'This booking is not paid on this page.', ['/events', 'See the events']);

  const ended = (reply: FastifyReply, status = 410) =>
    message(
      reply,
      status,
      'This reservation has ended',
      'The seats were held for a limited time and have been released. Nothing was charged. You can start again.',
      ['/booking', 'Start again'],
    );

  app.get<{ Params: { bookingId: string } }>(
    '/checkout/:bookingId',
    { schema: { params: bookingParams } },
    async (request, reply) => {
      const view = await ownBooking(request, reply);
      if (!view) return reply;
      // Read-only: a hold whose time is up is shown as ended; the sweep (or the next checkout) releases its seats.
      const booking = asSeen(view.booking);
      // Places of a free event offered from the waitlist are taken on the event's page (nothing to pay).
      if (booking.unitPrice === 0) return reply.redirect(`${app.config.publicUrl}/events/${view.event_id}`, 303);
      if (!isTestCheckout(view)) {
        const row = await app.db.selectFrom('bookings').select('checkout_url').where('id', '=', booking._id).executeTakeFirst();
        if (booking.status === 'pending' && row?.checkout_url) return reply.redirect(row.checkout_url, 303);
        if (booking.status === 'pending' && providerFor(provider, view.provider) === provider) {
          // Seats offered from the waitlist: their checkout opens when the member comes to pay.
          const opened = await checkouts.openHeld(view, request.sessionUser!, request.log);
          if (opened.outcome === 'opened') return reply.redirect(opened.url, 303);
          return message(
            reply,
            502,
            'Please try again',
            'We could not reach the payment service. Your seats stay held for you: try this link again in a moment.',
          );
        }
        return notPaidHere(reply);
      }
      if (!testMode) return notPaidHere(reply);
      if (booking.status === 'paid') return reply.redirect(`/booking/success?booking=${booking._id}`, 303);
      if (booking.status !== 'pending') return ended(reply);
      const when = `${formatEventDate(booking.event.event_date)} at ${formatEventTime(booking.event.event_date)}`;
      const left = formatDuration(Date.parse(booking.expiresAt) - Date.now());
      return send(
        reply,
        200,
        'Checkout',
        `<h1>Checkout</h1>
<p class="muted">Your seats are held for you for ${left}.</p>
<dl>
<dt>Event</dt><dd>${escapeHtml(booking.event.title)}</dd>
<dt>Date</dt><dd>${escapeHtml(when)}</dd>
<dt>Tickets</dt><dd>${booking.quantity} × ${dollars(booking.unitPrice)}</dd>
<dt>Total</dt><dd class="total">${dollars(booking.amount)}</dd>
</dl>
<div class="actions">
<form method="post" action="/pay/checkout/${booking._id}/complete"><button class="primary" type="submit">Pay ${dollars(booking.amount)} (test)</button></form>
<form method="post" action="/pay/checkout/${booking._id}/cancel"><button class="secondary" type="submit">Cancel</button></form>
</div>`,
      );
    },
  );

  app.post<{ Params: { bookingId: string } }>(
    '/checkout/:bookingId/complete',
    { schema: { params: bookingParams } },
    async (request, reply) => {
      const view = await ownBooking(request, reply);
      if (!view) return reply;
      const { booking } = view;
      // Test payments only while the site runs the local provider: never beside a real payment service.
      if (!isTestCheckout(view) || !testMode) return notPaidHere(reply);
      if (booking.status === 'paid') return reply.redirect(`/booking/success?booking=${booking._id}`, 303);
      if (booking.status !== 'pending' || Date.parse(booking.expiresAt) <= Date.now()) {
        if (await releaseBooking(app.db, booking._id, 'expired')) await waitlist.offer(view.event_id);
        return ended(reply, 409);
      }
      const outcome = await fulfilment.bookingPaid(booking._id, `local_pay_${newId()}`);
      if (outcome === 'paid' || outcome === 'already') return reply.redirect(`/booking/success?booking=${booking._id}`, 303);
      return ended(reply, 409);
    },
  );

  app.post<{ Params: { bookingId: string } }>(
    '/checkout/:bookingId/cancel',
    { schema: { params: bookingParams } },
    async (request, reply) => {
      const view = await ownBooking(request, reply);
      if (!view) return reply;
      if (isTestCheckout(view) && (await releaseBooking(app.db, view.booking._id, 'cancelled')))
        await waitlist.offer(view.event_id);
      return reply.redirect(`/booking/cancelled?booking=${view.booking._id}`, 303);
    },
  );

  const choosePlan = (option: DonationOption, frequency: string | undefined): DonationPlan =>
    option.plans.find((p) => p.frequency === frequency) ?? option.plans[0];

  interface FormState {
    /** Whether the giver is signed in (the receipt goes to their account's address) or not (they may give one). */
    signedIn: boolean;
    amount?: string;
    error?: string;
    email?: string;
    emailError?: string;
  }

  /** Signed out: the address the receipt goes to (optional), and why to give one. */
  const emailField = (state: FormState) =>
    state.signedIn
      ? ''
      : `<label for="email">E-mail for your receipt (optional)</label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="254" value="${escapeHtml(state.email ?? '')}"${
          state.emailError ? ' aria-invalid="true"' : ''
        } aria-describedby="email-hint${state.emailError ? ' email-error' : ''}">
<p id="email-hint" class="muted">We send the receipt there. Sign up or sign in with this address and the gift shows in "My giving".</p>
${state.emailError ? `<p id="email-error" class="error">${escapeHtml(state.emailError)}</p>` : ''}`;

  function donationForm(reply: FastifyReply, option: DonationOption, plan: DonationPlan, state: FormState) {
    const { error, amount = '' } = state;
    const plans =
      option.plans.length > 1
        ? `<nav class="plans" aria-label="How often">${option.plans
            .map(
              (p) =>
                `<a href="/pay/donate/${option.type}?frequency=${p.frequency}"${p === plan ? ' aria-current="page"' : ''}>${escapeHtml(
                  p.amount === undefined ? frequencyLabel(p.frequency) : `${dollars(p.amount)} ${p.frequency}`,
                )}</a>`,
            )
            .join('')}</nav>`
        : '';
    // Every gift is of the giver's choosing; a plan's amount is only the suggestion filled in.
    const every = plan.frequency === 'weekly' ? ' every week' : plan.frequency === 'monthly' ? ' every month' : '';
    const suggestion =
      plan.amount === undefined
        ? ''
        : `<p id="amount-hint" class="muted">We suggest ${dollars(plan.amount)}${every}; give what you have decided in your heart.</p>`;
    const described = [suggestion && 'amount-hint', error && 'amount-error'].filter(Boolean).join(' ');
    const amountField = `<label for="amount">Amount in dollars${every}</label>
<input id="amount" name="amount" type="number" inputmode="decimal" min="1" max="${MAX_DONATION}" step="0.01" required value="${escapeHtml(
      amount || (plan.amount === undefined ? '' : String(plan.amount)),
    )}"${error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${suggestion}
${error ? `<p id="amount-error" class="error">${escapeHtml(error)}</p>` : ''}`;
    return send(
      reply,
      error || state.emailError ? 400 : 200,
      `Give: ${option.label}`,
      `<h1>${escapeHtml(option.label)}</h1>
<p>${escapeHtml(option.description)}</p>
<p class="muted">${escapeHtml(frequencyLabel(plan.frequency))} gift to ${escapeHtml(siteIdentity.ministryName)}.</p>
${plans}
<form method="post" action="/pay/donate/${option.type}">
<input type="hidden" name="frequency" value="${plan.frequency}">
<input type="hidden" name="nonce" value="${newId()}">
<input type="hidden" name="review" value="1">
${amountField}
${emailField(state)}
<div class="actions"><button class="primary" type="submit">Continue</button><a class="button secondary" href="/offering">Cancel</a></div>
</form>`,
    );
  }

  app.get<{ Params: { type: string }; Querystring: { frequency?: string } }>(
    '/donate/:type',
    { schema: { params: typeParams, querystring: frequencyQuery } },
    async (request, reply) => {
      const option = findDonationType(request.params.type);
      if (!option) return reply.redirect('/offering', 302);
      const plan = choosePlan(option, request.query.frequency);
      if (testMode) return donationForm(reply, option, plan, { signedIn: !!request.sessionUser });
      const target = provider.donationRedirect(option.type, plan.frequency);
      if (target) return reply.redirect(target, 303);
      return message(
        reply,
        503,
        'Online giving is not available yet',
        `Giving online for ${option.label} (${frequencyLabel(plan.frequency).toLowerCase()}) is not set up yet. Please write to ${siteIdentity.contact.email} and we will help you give.`,
        ['/offering', 'Back to Donate & Help'],
      );
    },
  );

  const feeOf = (amount: number) => processingFee(amount, app.config.donationFeePercent, app.config.donationFeeFixed);

  /** Before paying: the gift, the offer to cover the processing fees, and the total either way. */
  function reviewPage(
    reply: FastifyReply,
    option: DonationOption,
    plan: DonationPlan,
    amount: number,
    nonce: string,
    email: string | null,
  ) {
    const fee = feeOf(amount);
    const every = plan.frequency === 'weekly' ? ' every week' : plan.frequency === 'monthly' ? ' every month' : '';
    return send(
      reply,
      200,
      `Give: ${option.label}`,
      `<h1>${escapeHtml(option.label)}</h1>
<p class="muted">${escapeHtml(frequencyLabel(plan.frequency))} gift to ${escapeHtml(siteIdentity.ministryName)}.</p>
<form method="post" action="/pay/donate/${option.type}" class="review">
<input type="hidden" name="frequency" value="${plan.frequency}">
<input type="hidden" name="nonce" value="${escapeHtml(nonce)}">
<input type="hidden" name="amount" value="${amount.toFixed(2)}">
${email ? `<input type="hidden" name="email" value="${escapeHtml(email)}">` : ''}
<dl>
<dt>Your gift</dt><dd>${dollars(amount)}${every}</dd>
${email ? `<dt>Receipt to</dt><dd>${escapeHtml(email)}</dd>` : ''}
</dl>
<p class="check"><input id="coverFee" name="coverFee" type="checkbox" value="1"> <label for="coverFee">Add ${dollars(fee)} to cover processing fees</label></p>
<p class="total" role="status"><span class="without">Total: <strong>${dollars(amount)}</strong>${every}</span><span class="with">Total: <strong>${dollars(money(amount + fee))}</strong>${every}</span></p>
<div class="actions"><button class="primary" type="submit">Give (test)</button><a class="button secondary" href="/pay/donate/${option.type}?frequency=${plan.frequency}">Change the amount</a></div>
</form>`,
    );
  }

  app.post<{
    Params: { type: string };
    Body: {
      frequency?: string;
      amount?: string;
      nonce?: string;
      review?: string;
      coverFee?: string;
      total?: string;
      email?: string;
    };
  }>('/donate/:type', { schema: { params: typeParams, body: donationBody } }, async (request, reply) => {
    const option = findDonationType(request.params.type);
    if (!option) return reply.redirect('/offering', 303);
    if (!testMode)
      return message(reply, 404, 'Not found', 'Gifts are made on the payment page.', ['/offering', 'Back to Donate & Help']);
    const body = request.body ?? {};
    const plan = choosePlan(option, body.frequency);
    // The amount the giver typed; a form sent without one gives the plan's suggested amount.
    const typed = (body.amount ?? '').trim() || (plan.amount === undefined ? '' : String(plan.amount));
    const amount = Number(typed);
    const me = request.sessionUser;
    // Signed out, the receipt's address (optional); signed in, the account's.
    const typedEmail = me ? '' : (body.email ?? '').trim();
    const state: FormState = { signedIn: !!me, amount: typed, email: typedEmail };
    if (!/^\d+(\.\d{1,2})?$/.test(typed) || amount < 1 || amount > MAX_DONATION) {
      return donationForm(reply, option, plan, {
        ...state,
        error: `Enter an amount from ${dollars(1)} to ${dollars(MAX_DONATION)} (cents allowed).`,
      });
    }
    if (typedEmail && !(await newsletterSchema.isValid({ email: typedEmail }))) {
      return donationForm(reply, option, plan, {
        ...state,
        emailError: 'Enter an e-mail address such as name@example.org, or leave it empty.',
      });
    }
    const email = me ? me.email : typedEmail.toLowerCase() || null;
    if (!isUuid(body.nonce ?? ''))
      return donationForm(reply, option, plan, { ...state, error: 'This form has expired. Please send it again.' });
    if (body.review) return reviewPage(reply, option, plan, amount, body.nonce as string, me ? null : email);
    // The fee is worked out here from the gift alone, whatever total the browser sends.
    const fee = body.coverFee ? feeOf(amount) : 0;
    const total = money(amount + fee);
    // Test gifts cost nothing: a limit per member (or per address, signed out) keeps the records meaningful.
    const giver = me ? `member:${me.id}` : `address:${request.ip}`;
    if (await testGifts.isBlocked(giver)) {
      return message(
        reply,
        429,
        'Too many test gifts',
        `This site takes at most ${TEST_GIFTS_PER_HOUR} test gifts an hour from one giver. Please try again later.`,
        ['/offering', 'Back to Donate & Help'],
      );
    }
    await testGifts.fail(giver);
    const gift = await recordDonation(app.db, {
      type: option.type,
      frequency: plan.frequency,
      amount: total,
      feeCovered: fee > 0 ? fee : null,
      provider: provider.name,
      providerRef: body.nonce as string,
      // A weekly or monthly test gift stands for a subscription the donor may stop.
      subscriptionRef: plan.frequency === 'once' ? null : `local_sub_${body.nonce as string}`,
      userId: me?.id ?? null,
      email,
    });
    // Once per gift: a form sent twice records (and mails) nothing more.
    if (gift) app.afterReply.run('send a gift receipt', () => givingMails.receipt(gift));
    const how = plan.frequency === 'once' ? 'one-time' : plan.frequency;
    const receipt = email
      ? `<p>A receipt is on its way to ${escapeHtml(email)}.</p>`
      : '<p class="muted">No receipt is sent: you gave no e-mail address.</p>';
    const giving = me
      ? '<p>Your gifts, and your yearly statement, are in "My giving".</p>'
      : email
        ? '<p>Sign up or sign in with this address and the gift shows in "My giving", with your yearly statement.</p>'
        : '';
    return send(
      reply,
      200,
      'Thank you',
      `<h1>Thank you for your ${escapeHtml(giftName(option.type))}!</h1>
<p class="ok" role="status">Your ${escapeHtml(how)} test gift of ${dollars(total)} was recorded${fee > 0 ? ` (${dollars(fee)} of it covers the processing fees)` : ''}.</p>
${receipt}
${giving}
<p class="muted">This was a test: no money was taken.</p>
<div class="actions"><a class="button primary" href="/my-giving">My giving</a><a class="button secondary" href="/offering">Back to Donate &amp; Help</a></div>`,
    );
  });
}
