/**
 * The member's giving history (GET /api/giving/mine), stopping a weekly or
 * monthly gift (POST /api/giving/recurring/:id/cancel; the giver is mailed a
 * confirmation), the yearly statement
 * (GET /api/giving/statement/:year, a PDF) and the processing fee a donor
 * may add to a gift (GET /api/giving/fee?amount=). Signed in, and of the
 * member's own gifts only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/errors.js';
import { idParam, isUuid } from '../../lib/ids.js';
import { requireUser } from '../../plugins/session.js';
import { MyGivingContract } from '@ministry/shared/contracts';
import { answerSchema, envelope, errors, recurringGiftSchema } from '../../schemas/entities.js';
import {
  findOwnRecurring,
  listGifts,
  listRecurring,
  markRecurringCancelled,
  processingFee,
  statementGifts,
  statementPdf,
  type Giver,
} from './gifts.js';
import { providerFor } from './provider.js';
import type { PaymentProvider } from './providerTypes.js';
import type { GivingMails } from './receipts.js';

const perMember = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip },
});

export async function giftRoutes(
  app: FastifyInstance,
  options: { provider: PaymentProvider; givingMails: GivingMails },
): Promise<void> {
  const { provider, givingMails } = options;
  const giverOf = (request: FastifyRequest): Giver => {
    const me = requireUser(request);
    return { id: me.id, email: me.email, verified: me.verified };
  };

  app.get(
    '/mine',
    {
      schema: {
        response: {
          200: envelope(answerSchema(MyGivingContract)),
          ...errors(401),
        },
      },
    },
    async (request, reply) => {
      const giver = giverOf(request);
      reply.header('Cache-Control', 'no-store');
      const [gifts, recurring] = await Promise.all([listGifts(app.db, giver), listRecurring(app.db, giver)]);
      return { data: { gifts, recurring } };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/recurring/:id/cancel',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        response: { 200: envelope(recurringGiftSchema), ...errors(400, 401, 404, 429, 502) },
      },
      config: perMember(20),
    },
    async (request) => {
      const giver = giverOf(request);
      const gift = isUuid(request.params.id) ? await findOwnRecurring(app.db, giver, request.params.id) : undefined;
      if (!gift?.subscription_ref) throw notFound('That recurring gift');
      if (!gift.subscription_cancelled_at) {
        const givenThrough = providerFor(provider, gift.provider);
        if (!givenThrough)
          throw new HttpError(
            502,
            'payment_unavailable',
            `This gift is given through ${gift.provider}, which this site does not use now. Please write to us to stop it.`,
          );
        try {
          await givenThrough.cancelSubscription(gift.subscription_ref);
        } catch (error) {
          request.log.error({ err: error, donationId: gift.id }, 'could not cancel a recurring gift');
          throw new HttpError(
            502,
            'payment_unavailable',
            'We could not reach the payment service, so the gift is not stopped yet. Please try again in a moment.',
          );
        }
        // The giver hears of it once, from the request that stopped it.
        if (await markRecurringCancelled(app.db, gift.provider, gift.subscription_ref)) {
          const id = gift.id;
          app.afterReply.run('tell the giver the gift is stopped', async () => {
            await givingMails.recurringStopped(id);
          });
        }
      }
      const ref = `${gift.provider}:${gift.subscription_ref}`;
      const recurring = await listRecurring(app.db, giver);
      const mine =
        recurring.find((r) => r._id === gift.id) ?? recurring.find((r) => `${r.provider}:${r.subscriptionRef}` === ref);
      if (!mine) throw notFound('That recurring gift');
      return { data: mine };
    },
  );

  app.get<{ Params: { year: number } }>(
    '/statement/:year',
    {
      schema: {
        params: { type: 'object', required: ['year'], properties: { year: { type: 'integer', minimum: 2000, maximum: 2100 } } },
        response: { ...errors(400, 401, 429) },
      },
      config: perMember(30),
    },
    async (request, reply) => {
      const me = requireUser(request);
      const giver = giverOf(request);
      const { year } = request.params;
      const gifts = await statementGifts(app.db, giver, year);
      const pdf = await statementPdf({ year, donor: { name: `${me.firstname} ${me.lastname}`.trim(), email: me.email }, gifts });
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="giving-statement-${year}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );

  app.get<{ Querystring: { amount: number } }>(
    '/fee',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['amount'],
          properties: { amount: { type: 'number', minimum: 1, maximum: 100_000 } },
        },
        response: {
          200: envelope({
            type: 'object',
            properties: {
              amount: { type: 'number' },
              fee: { type: 'number' },
              total: { type: 'number' },
              percent: { type: 'number' },
              fixed: { type: 'number' },
            },
          }),
          ...errors(400),
        },
      },
    },
    async (request) => {
      const amount = Math.round(request.query.amount * 100) / 100;
      const fee = processingFee(amount, app.config.donationFeePercent, app.config.donationFeeFixed);
      return {
        data: {
          amount,
          fee,
          total: Math.round((amount + fee) * 100) / 100,
          percent: app.config.donationFeePercent,
          fixed: app.config.donationFeeFixed,
        },
      };
    },
  );
}
