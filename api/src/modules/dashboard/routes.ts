/**
 * GET /api/admin/dashboard, for the staff's first page (/admin): what needs
 * attention. Posts waiting for moderation (and open reports), the next
 * seven days' devotionals day by day (a day without one is a gap to fill),
 * and the upcoming events with the seats sold and held.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inSiteTimeZone } from '@ministry/shared/format';
import { staffOnly } from '../../plugins/session.js';
import { StaffDashboardContract } from '@ministry/shared/contracts';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';

const DAYS = 7;
const EVENTS = 10;

const dashboardSchema = answerSchema(StaffDashboardContract);

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/dashboard',
    { onRequest: staffOnly('editor'), schema: { response: { 200: envelope(dashboardSchema), ...errors(401, 403) } } },
    async () => {
      const db = app.db;
      const count = async (table: 'prayers' | 'stories' | 'comments') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select(sql<string>`count(*)`.as('n'))
              .where('status', '=', 'pending')
              .executeTakeFirstOrThrow()
          ).n,
        );
      const reports = Number(
        (
          await db
            .selectFrom('post_reports')
            .select(sql<string>`count(*)`.as('n'))
            .where('resolved_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );

      const today = inSiteTimeZone(app.clock.now()).startOf('day');
      const days = Array.from({ length: DAYS }, (_, i) => today.add(i, 'day'));
      const rows = await db
        .selectFrom('devotionals')
        .select(['id', 'title', 'slug', 'published_at'])
        // A draft does not go out: its day is still a gap.
        .where('status', '=', 'published')
        .where('published_at', '>=', today.toDate())
        .where('published_at', '<', today.add(DAYS, 'day').toDate())
        .orderBy('published_at')
        .execute();
      const devotionals = days.map((day) => {
        const date = day.format('YYYY-MM-DD');
        return {
          date,
          items: rows
            .filter((r) => inSiteTimeZone(new Date(r.published_at)).format('YYYY-MM-DD') === date)
            .map((r) => ({ _id: r.id, title: r.title, slug: r.slug })),
        };
      });

      const events = await db
        .selectFrom('events')
        .select(['id', 'title', 'event_date', 'number_of_seats', 'seats_sold', 'seats_held'])
        .where('event_date', '>=', app.clock.now())
        .where('cancelled_at', 'is', null)
        .where('recurrence', 'is', null)
        .orderBy('event_date')
        .limit(EVENTS)
        .execute();

      return {
        data: {
          moderation: {
            prayers: await count('prayers'),
            stories: await count('stories'),
            comments: await count('comments'),
            reports,
          },
          devotionals,
          events: events.map((e) => ({
            _id: e.id,
            title: e.title,
            event_date: new Date(e.event_date).toISOString(),
            numberOfSeats: e.number_of_seats,
            seatsSold: e.seats_sold,
            seatsHeld: e.seats_held,
          })),
        },
      };
    },
  );
}
