import type { FastifyInstance, FastifyRequest } from 'fastify';
import { byAccount, byAddress, limitedBy, REACTIONS_USED } from '../../lib/limits.js';
import { isStaff } from '@ministry/shared/config';
import type { FollowUps } from '@ministry/shared/types';
import {
  AnsweredBody,
  FollowUpsContract,
  PostEditBody,
  PrayedAnswerContract,
  PrayerBody,
  PrayerMailChoiceContract,
  PrayerSummaryChoiceContract,
  PrayerUpdateContract,
} from '@ministry/shared/contracts';
import { answeredSchema, prayerSchema as prayerRules } from '@ministry/shared/validation';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import { idParam } from '../../lib/ids.js';
import { requireSelf, requireUser } from '../../plugins/session.js';
import { LIMIT_PARAM, PAGE_PARAM } from '../../lib/paging.js';
import { answerSchema, envelope, errors, listOf, okAnswer, pagingSchema, prayerSchema } from '../../schemas/entities.js';
import { assertMayPost, newPostStatus, readPost } from '../community/posting.js';
import { postPageRoute } from '../community/postPage.js';
import { PRAYED_MAIL_DELAY_MS, sendPrayedMails, sendPrayerSummaries, turnMailOff, turnSummaryOff } from './prayerMail.js';
import { createPrayer, findPrayer, listPrayers, markAnswered, PRAYERS_PAGE, setPrayed, type PrayerViewer } from './service.js';
import { createUpdate, updatesOf } from './updates.js';
import { queuePrayed } from '../push/service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const viewerOf = (request: FastifyRequest): PrayerViewer => ({
  id: request.sessionUser?.id ?? null,
  staff: isStaff(request.sessionUser?.role),
});

/**
 * GET /api/prayers/ (and /api/prayers; ?page, ?limit): the published prayers,
 * plus the signed-in member's own awaiting review (data.data), newest first,
 * a page at a time (the first by default) with `paging` beside `data`.
 * GET /api/prayers/{id}: one prayer as the viewer may see it (data.data; 404 when they may not).
 * POST /api/prayers/add/{id}: a member posts a prayer (`anonymous`: without their name); `{id}` must be the session's user.
 * POST /api/prayers/{id}/prayed: "I prayed" (`{ prayed }` the state wanted; without it a press toggles); answers the new count.
 * POST /api/prayers/{id}/answered: the requester marks their prayer answered, with a short `note`.
 * PUT /api/prayers/mail: the signed-in member turns "people prayed" mails on or off (`{ on }`).
 * POST /api/prayers/mail-off: the same, off, from the mail's link (`{ token }`), without signing in.
 * GET /api/prayers/updates?ids=a,b: the updates under each of these prayers (published, and the viewer's own),
 * and for the viewer's own prayers whether their weekly summary is on.
 * POST /api/prayers/{id}/updates: the requester posts an update under their published request (`{ text }`), moderated.
 * PUT /api/prayers/{id}/summary: the requester turns the request's weekly summary on or off (`{ on }`).
 * POST /api/prayers/summary-off: the weekly summary's one-click stop (`{ token }`), without signing in.
 * Jobs: `prayer-mails` (the "people prayed" mail, for presses a few minutes old) and `prayer-summaries` (weekly).
 */
export async function prayerRoutes(app: FastifyInstance): Promise<void> {
  // A prayer, its "prayed", its answer and its updates show on the wall; the mail settings below change nothing there.
  writesChange(app, ['prayers']);
  const mailer = app.mailer;
  const options = {
    schema: {
      querystring: { type: 'object', properties: { page: PAGE_PARAM, limit: LIMIT_PARAM } },
      response: { 200: { type: 'object', properties: { data: listOf(prayerSchema), paging: pagingSchema } }, ...errors(400) },
    },
  };
  const handler = async (request: FastifyRequest<{ Querystring: { page?: number; limit?: number } }>) =>
    listPrayers(app.db, { viewer: viewerOf(request), page: request.query.page, pageSize: request.query.limit });
  // With and without a trailing slash, as two routes (see events/routes.ts).
  app.get('/', { ...options, prefixTrailingSlash: 'slash' }, handler);
  app.get('', options, handler);

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        response: { 200: envelope(prayerSchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      const prayer = await findPrayer(app.db, request.params.id, viewerOf(request));
      if (!prayer) throw notFound('That prayer');
      return { data: prayer };
    },
  );

  // Which page of the wall a prayer is on: links to a prayer (from its story, a mail) open that page.
  postPageRoute(app, '/:id/page', { table: 'prayers', pageSize: PRAYERS_PAGE, missing: 'That prayer' });

  app.post<{ Params: { id: string } }>(
    '/add/:id',
    {
      ...checkedBody,
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        body: PrayerBody,
        response: { 201: envelope(prayerSchema), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const me = requireSelf(request, request.params.id);
      await assertMayPost(app, me);
      const { text, anonymous } = await readPost(request, prayerRules, 'text');
      const prayer = await createPrayer(app.db, { userId: me.id, text, anonymous, status: newPostStatus(app, me) });
      return reply.status(201).send({ data: prayer });
    },
  );

  app.post<{ Params: { id: string }; Body: { prayed?: boolean } | undefined }>(
    '/:id/prayed',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        body: { type: ['object', 'null'], properties: { prayed: { type: 'boolean' } }, additionalProperties: false },
        response: { 200: envelope(answerSchema(PrayedAnswerContract)), ...errors(400, 401, 404, 429) },
      },
      preHandler: limitedBy([['reactionsPerAccount', byAccount]], REACTIONS_USED),
    },
    async (request) => {
      const me = requireUser(request);
      const prayer = await findPrayer(app.db, request.params.id, { id: me.id, staff: isStaff(me.role) });
      // Only a published prayer is prayed for (an own prayer awaiting review is not on the wall yet).
      if (!prayer || prayer.status !== 'published') throw notFound('That prayer');
      // The requester hears of it from the `prayer-mails` job, once the press is a few minutes old.
      return { data: await setPrayed(app.db, prayer._id, me.id, request.body?.prayed, app.clock.now()) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/answered',
    {
      ...checkedBody,
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        body: { ...AnsweredBody, type: ['object', 'null'] },
        response: { 200: envelope(prayerSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const prayer = await findPrayer(app.db, request.params.id, viewerOf(request));
      if (!prayer) throw notFound('That prayer');
      if (prayer.user?._id !== me.id) throw forbidden('Only the member who asked for this prayer can mark it answered.');
      const { note } = await readBody(request, answeredSchema);
      const answered = await markAnswered(app.db, prayer._id, me.id, sanitizePlainText(note ?? ''));
      return { data: answered };
    },
  );

  app.put<{ Body: { on: boolean } }>(
    '/mail',
    {
      config: { changes: [] },
      schema: {
        body: { type: 'object', required: ['on'], properties: { on: { type: 'boolean' } }, additionalProperties: false },
        response: { 200: envelope(answerSchema(PrayerMailChoiceContract)), ...errors(400, 401) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await app.db.updateTable('users').set({ prayer_mail_off: !request.body.on }).where('id', '=', me.id).execute();
      return { data: { prayerMail: request.body.on } };
    },
  );

  app.post<{ Body: { token: string } }>(
    '/mail-off',
    {
      config: { changes: [] },
      schema: {
        body: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 20, maxLength: 64 } } },
        response: { 200: okAnswer, ...errors(400, 404, 429) },
      },
      preHandler: limitedBy([['mailLinksPerAddress', byAddress]]),
    },
    async (request) => {
      if (!(await turnMailOff(app.db, request.body.token))) throw notFound('That link');
      return { data: { ok: true } };
    },
  );

  app.get<{ Querystring: { ids: string } }>(
    '/updates',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'string', pattern: '^[0-9a-f-]{36}(,[0-9a-f-]{36}){0,49}$' } },
        },
        response: {
          200: envelope(answerSchema(FollowUpsContract)),
          ...errors(400),
        },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(','))];
      const viewer = viewerOf(request);
      const own = viewer.id
        ? await app.db
            .selectFrom('prayers')
            .select(['id', 'summary_mail'])
            .where('id', 'in', ids)
            .where('user_id', '=', viewer.id)
            .execute()
        : [];
      const data: FollowUps = {
        updates: await updatesOf(app.db, ids, viewer),
        summaryMail: Object.fromEntries(own.map((p) => [p.id, p.summary_mail])),
      };
      return { data };
    },
  );

  /** The request, for its requester only: 404 when there is no such request on the wall, 403 when it is another's. */
  const ownPrayer = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const me = requireUser(request);
    const prayer = await app.db
      .selectFrom('prayers')
      .select(['id', 'user_id', 'status'])
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!prayer || (prayer.status !== 'published' && prayer.user_id !== me.id)) throw notFound('That prayer');
    if (prayer.user_id !== me.id) throw forbidden('Only the member who asked for this prayer can do that.');
    return { me, prayer };
  };

  app.post<{ Params: { id: string } }>(
    '/:id/updates',
    {
      ...checkedBody,
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        body: PostEditBody,
        response: { 201: envelope(answerSchema(PrayerUpdateContract)), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { me, prayer } = await ownPrayer(request);
      if (prayer.status !== 'published') {
        throw badRequest('You can post an update once your request is on the prayer wall.');
      }
      await assertMayPost(app, me);
      const { text } = await readPost(request, prayerRules.pick(['text']), 'text');
      const update = await createUpdate(app.db, {
        prayerId: prayer.id,
        userId: me.id,
        text,
        status: newPostStatus(app, me),
        now: app.clock.now(),
      });
      return reply.status(201).send({ data: update });
    },
  );

  app.put<{ Params: { id: string }; Body: { on: boolean } }>(
    '/:id/summary',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        body: { type: 'object', required: ['on'], properties: { on: { type: 'boolean' } }, additionalProperties: false },
        response: { 200: envelope(answerSchema(PrayerSummaryChoiceContract)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { prayer } = await ownPrayer(request);
      await app.db.updateTable('prayers').set({ summary_mail: request.body.on }).where('id', '=', prayer.id).execute();
      return { data: { summaryMail: request.body.on } };
    },
  );

  app.post<{ Body: { token: string } }>(
    '/summary-off',
    {
      config: { changes: [] },
      schema: {
        body: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 20, maxLength: 64 } } },
        response: { 200: okAnswer, ...errors(400, 404, 429) },
      },
      preHandler: limitedBy([['mailLinksPerAddress', byAddress]]),
    },
    async (request) => {
      if (!(await turnSummaryOff(app.db, request.body.token))) throw notFound('That link');
      return { data: { ok: true } };
    },
  );

  app.jobs.every('prayer-mails', 60_000, () => sendPrayedMails(app.db, mailer, app.config.publicUrl, app.clock.now()));
  // "Someone prayed" as a notification, for members who turned it on (the same delay as the mail; sent by the job `push`).
  app.jobs.every('prayer-pushes', 60_000, () => queuePrayed(app.db, app.clock.now(), PRAYED_MAIL_DELAY_MS));
  app.jobs.every('prayer-summaries', 3600_000, () => sendPrayerSummaries(app.db, mailer, app.config.publicUrl, app.clock.now()));
}
