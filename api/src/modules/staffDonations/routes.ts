/**
 * The gifts, for admins only: GET /api/admin/donations (filters `type`,
 * `frequency`, `from`, `to`; the newest gifts with the totals per type and
 * per month) and GET /api/admin/donations.csv (every gift that matches).
 */
import type { FastifyInstance } from 'fastify';
import { frequencyLabel, findDonationType } from '@ministry/shared/config';
import { countOf, inSiteTimeZone } from '@ministry/shared/format';
import { DonationReportContract } from '@ministry/shared/contracts';
import type { DonationFilters } from '@ministry/shared/types';
import { donationFiltersSchema, fieldErrors } from '@ministry/shared/validation';
import { toCsv } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import { recordActivity } from '../activity/service.js';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { donationReport, findDonations } from './service.js';

const str = { type: 'string' } as const;

const filtersQuery = {
  type: 'object',
  properties: {
    type: { type: 'string', maxLength: 20 },
    frequency: { type: 'string', maxLength: 20 },
    from: { type: 'string', maxLength: 20 },
    to: { type: 'string', maxLength: 20 },
  },
  additionalProperties: false,
} as const;

const reportSchema = answerSchema(DonationReportContract);

/** The filters, checked with the page's own rules: a clear 400 under the field otherwise. */
function readFilters(query: unknown): DonationFilters {
  try {
    return donationFiltersSchema.validateSync(query ?? {}, { abortEarly: false, stripUnknown: true }) as DonationFilters;
  } catch (error) {
    const fields = fieldErrors(error);
    throw badRequest(Object.values(fields)[0] ?? 'The filters are not valid.', fields);
  }
}

export async function staffDonationRoutes(app: FastifyInstance): Promise<void> {
  const admin = staffOnly('admin');

  app.get(
    '/donations',
    {
      onRequest: admin,
      schema: { querystring: filtersQuery, response: { 200: envelope(reportSchema), ...errors(400, 401, 403) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await donationReport(app.db, readFilters(request.query)) };
    },
  );

  app.get(
    '/donations.csv',
    { onRequest: admin, schema: { querystring: filtersQuery, response: { 200: str, ...errors(400, 401, 403) } } },
    async (request, reply) => {
      const me = requireRole(request, 'admin');
      const filters = readFilters(request.query);
      const gifts = await findDonations(app.db, filters);
      const range = [filters.from, filters.to].filter(Boolean).join('-to-');
      // Givers' names and addresses: who took the file, and when, is kept.
      await recordActivity(app.db, me, {
        action: 'downloaded',
        subjectType: 'donations',
        summary: `Donations downloaded (${countOf(gifts.length, 'gift', 'gifts')}${range ? `, ${range.replace('-to-', ' to ')}` : ''})`,
      });
      const csv = toCsv(
        ['Date', 'Type', 'Frequency', 'Amount (USD)', 'Status', 'Giver', 'E-mail', 'Paid through', 'Reference'],
        gifts.map((g) => [
          inSiteTimeZone(g.createdAt).format('YYYY-MM-DD HH:mm'),
          findDonationType(g.type)?.label ?? g.type,
          frequencyLabel(g.frequency),
          g.amount === null ? '' : g.amount.toFixed(2),
          g.status === 'paid' ? 'Given' : 'Refunded',
          g.giver ?? 'Anonymous',
          g.email,
          g.provider,
          g._id,
        ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="donations${range ? `-${range}` : ''}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
}
