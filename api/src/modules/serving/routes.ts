/**
 * Serving on a volunteer team.
 *
 * Everyone (`servingRoutes`, /api/serving):
 * - GET /api/serving: the teams, their positions and their slots ahead with
 *   how many are needed and signed up (cached; the topic `serving`).
 * A signed-in member:
 * - POST /api/serving/slots/{id}/signup: signs up (409 when full, begun, on
 *   a blockout day, or past SERVING_SLOTS_PER_MEMBER slots ahead);
 * - DELETE /api/serving/slots/{id}/signup: cancels, until
 *   SERVING_CANCEL_HOURS before the slot;
 * - GET /api/serving/mine: their slots and blockout days ahead;
 * - PUT, DELETE /api/serving/blockouts/{day}: a day they cannot serve;
 * - GET, POST /api/serving/feed: the secret address of their serving
 *   calendar, and a new one (the old stops answering).
 * Sign-ups, cancellations and blockouts count against the member's limit
 * (LIMIT_SERVING_CHANGES_PER_ACCOUNT).
 *
 * The calendar app (`servingFeedRoutes`): GET /calendar/serving/{token}.ics.
 *
 * Team leaders (for their teams) and the staff (`staffServingRoutes`,
 * /api/admin/serving):
 * - GET /api/admin/serving: the teams they manage, the locations;
 * - GET /api/admin/serving/roster[.csv]?from=&days=: per day the slots, who
 *   serves, the gaps and who of the teams is blocked out;
 * - POST /api/admin/serving/slots/{id}/people ({ email }): fills a place;
 *   DELETE …/people/{userId}: takes someone off.
 * The staff only: teams (POST, PUT, DELETE /teams[/{id}]), their positions
 * (POST /teams/{id}/positions, DELETE /positions/{id}) and leaders
 * (POST /teams/{id}/leaders { email }, DELETE /teams/{id}/leaders/{userId}),
 * and slots (POST /slots, DELETE /slots/{id}).
 *
 * The reminder the day before goes out from the job `serving-reminders`
 * (once across every process: lib/jobs.ts; each sign-up claimed once).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { countOf, inSiteTimeZone } from '@ministry/shared/format';
import { MyScheduleContract, RosterDayContract, ServingOverviewContract, ServingTeamContract } from '@ministry/shared/contracts';
import type { ServingOverview } from '@ministry/shared/types';
import { LIST_TTL } from '../../lib/answerCache.js';
import { csvFileName, toCsv } from '../../lib/csv.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import { idParam } from '../../lib/ids.js';
import { byAccount, limitedBy } from '../../lib/limits.js';
import { actionButton, greeting, type Mailer } from '../../lib/mailer.js';
import { siteDay } from '../../lib/schedule.js';
import { requireRole, requireUser, staffOnly } from '../../plugins/session.js';
import { answerSchema, envelope, errors, listOf, okAnswer } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { secretFeedRoutes, sendCalendar } from '../calendar/routes.js';
import { entriesCalendar } from '../events/calendar.js';
import {
  addBlockout,
  addLeader,
  addPosition,
  assertLeadsSlot,
  cancelSignUp,
  claimReminders,
  createSlot,
  createTeam,
  DAY_PATTERN,
  dayName,
  feedSlots,
  findServingFeed,
  isDay,
  listTeams,
  managedTeams,
  memberByEmail,
  momentName,
  mySchedule,
  removeBlockout,
  removeFromSlot,
  removeLeader,
  removePosition,
  removeSlot,
  removeTeam,
  resetServingFeed,
  roster,
  servingFeedOwner,
  servingFeedPath,
  signUp,
  SLOT_MINUTES,
  teamsLedBy,
  updateTeam,
  type Reminder,
} from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const teamsAnswer = envelope(listOf(answerSchema(ServingTeamContract)));
const scheduleAnswer = envelope(answerSchema(MyScheduleContract));
const overviewAnswer = envelope(answerSchema(ServingOverviewContract));
const rosterAnswer = envelope(listOf(answerSchema(RosterDayContract)));

const idParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;
const dayParams = {
  type: 'object',
  required: ['day'],
  properties: { day: { type: 'string', pattern: DAY_PATTERN } },
} as const;
const emailBody = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: { type: 'string', minLength: 3, maxLength: 254 } },
} as const;
const teamBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 80 },
    description: { type: 'string', maxLength: 1000 },
  },
} as const;

const changes = limitedBy(
  [['servingChangesPerAccount', byAccount]],
  'You have made many serving changes in a short time. Please wait a little and try again.',
);

function textOf(body: { name: string; description?: string }) {
  const name = body.name.trim();
  if (!name) throw badRequest('Give the team a name.', { name: 'Required' });
  return { name, description: (body.description ?? '').trim() };
}

export async function servingRoutes(app: FastifyInstance): Promise<void> {
  // Who serves where shows on the schedule; a member's own days off and calendar do not (below).
  writesChange(app, ['serving']);

  app.get('', { schema: { response: { 200: teamsAnswer } } }, async (_request, reply) =>
    app.answerCache.send(reply, 'serving', LIST_TTL.content, async () => ({ data: await listTeams(app.db, app.clock.now()) })),
  );

  app.post<{ Params: { id: string } }>(
    '/slots/:id/signup',
    {
      preHandler: changes,
      schema: { params: idParams, response: { 200: okAnswer, 201: okAnswer, ...errors(400, 401, 404, 409, 429) } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { created } = await signUp(app.db, request.params.id, me.id, {
        now: app.clock.now(),
        slotsPerMember: app.config.servingSlotsPerMember,
      });
      return reply.status(created ? 201 : 200).send({ data: { ok: true } });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/slots/:id/signup',
    { preHandler: changes, schema: { params: idParams, response: { 200: okAnswer, ...errors(400, 401, 404, 409, 429) } } },
    async (request) => {
      const me = requireUser(request);
      await cancelSignUp(app.db, request.params.id, me.id, app.clock.now(), app.config.servingCancelHours);
      return { data: { ok: true } };
    },
  );

  app.get('/mine', { schema: { response: { 200: scheduleAnswer, ...errors(401) } } }, async (request, reply) => {
    const me = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return { data: await mySchedule(app.db, me.id, app.clock.now(), app.config.servingCancelHours) };
  });

  app.put<{ Params: { day: string } }>(
    '/blockouts/:day',
    {
      config: { changes: [] },
      preHandler: changes,
      schema: { params: dayParams, response: { 200: okAnswer, ...errors(400, 401, 409, 429) } },
    },
    async (request) => {
      const me = requireUser(request);
      if (!isDay(request.params.day)) throw badRequest('That is not a date.', { day: 'Not a date' });
      await addBlockout(app.db, me.id, request.params.day, app.clock.now());
      return { data: { ok: true } };
    },
  );

  app.delete<{ Params: { day: string } }>(
    '/blockouts/:day',
    {
      config: { changes: [] },
      preHandler: changes,
      schema: { params: dayParams, response: { 200: okAnswer, ...errors(400, 401, 429) } },
    },
    async (request) => {
      const me = requireUser(request);
      await removeBlockout(app.db, me.id, request.params.day);
      return { data: { ok: true } };
    },
  );

  secretFeedRoutes(app, {
    pathOf: servingFeedPath,
    find: (userId) => findServingFeed(app.db, userId),
    reset: (userId, now) => resetServingFeed(app.db, userId, now),
  });

  // The reminder the day before, once across every process.
  const mailer = app.mailer;
  app.jobs.every('serving-reminders', 5 * 60_000, () => sendServingReminders(app, mailer));
}

/** Sends the reminders now due (each claimed once: service.ts `claimReminders`); answers how many went out. */
export async function sendServingReminders(app: FastifyInstance, mailer: Mailer): Promise<number> {
  const due = await claimReminders(app.db, app.clock.now());
  let sent = 0;
  for (const reminder of due) {
    try {
      await mailer.send(reminderMail(app, reminder));
      sent += 1;
    } catch (error) {
      app.log.error({ err: error }, 'could not send a serving reminder');
    }
  }
  return sent;
}

function reminderMail(app: FastifyInstance, { email, firstname, slot }: Reminder) {
  const link = new URL('/my-schedule', app.config.publicUrl).toString();
  const where = slot.church ? ` at ${slot.church.name}` : '';
  const line = `A reminder that you are serving as ${slot.position.name} (${slot.team.name}) on ${momentName(slot.startsAt)}${where}.`;
  const after = 'Thank you for serving. If something came up, please tell your team leader as soon as you can.';
  return {
    to: email,
    subject: `Serving ${siteDay(slot.startsAt) === siteDay(app.clock.now()) ? 'today' : 'tomorrow'}: ${slot.position.name}, ${inSiteTimeZone(slot.startsAt).format('h:mm A')}`,
    text: [greeting(firstname), '', line, '', after, '', `Your schedule: ${link}`, '', siteIdentity.ministryName, ''].join('\n'),
    html: [
      `<p>${escapeHtml(greeting(firstname))}</p>`,
      `<p>${escapeHtml(line)}</p>`,
      `<p>${escapeHtml(after)}</p>`,
      actionButton('Your schedule', link),
      `<p>${escapeHtml(siteIdentity.ministryName)}</p>`,
    ].join('\n'),
  };
}

/** The member's serving calendar at its secret address (no session: calendar apps send none). */
export async function servingFeedRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { token: string } }>(
    '/calendar/serving/:token.ics',
    {
      schema: {
        params: { type: 'object', properties: { token: { type: 'string', maxLength: 100 } }, required: ['token'] },
        response: { 200: { type: 'string' }, ...errors(404) },
      },
    },
    async (request, reply) => {
      const userId = await servingFeedOwner(app.db, request.params.token);
      if (!userId) throw notFound('That calendar');
      const slots = await feedSlots(app.db, userId, app.clock.now());
      const page = new URL('/my-schedule', app.config.publicUrl).toString();
      const ics = entriesCalendar(
        slots.map((slot) => ({
          uid: `serving-${slot._id}@${new URL(app.config.publicUrl).hostname}`,
          start: slot.startsAt,
          minutes: SLOT_MINUTES,
          summary: `Serving: ${slot.position.name} (${slot.team.name})`,
          description: `You signed up to serve as ${slot.position.name} on the ${slot.team.name} team.`,
          location: slot.church ? [slot.church.name, slot.address].filter(Boolean).join(', ') : null,
          url: page,
          category: 'Serving',
        })),
        {
          name: `My serving · ${siteIdentity.ministryName}`,
          description: `The slots you serve in at ${siteIdentity.ministryName}.`,
          refreshSeconds: 3600,
          product: 'serving',
        },
      );
      reply.header('Referrer-Policy', 'no-referrer');
      return sendCalendar(request, reply, ics, 'private, max-age=300');
    },
  );
}

/** Leaders (their teams) and the staff, under /api/admin/serving (see above). */
export async function staffServingRoutes(app: FastifyInstance): Promise<void> {
  // The serving schedule.
  writesChange(app, ['serving']);
  const staff = staffOnly('editor');
  // Like every /api/admin call, before the request is read: 401 signed out, 403 to a member who leads no team.
  app.addHook('onRequest', async (request) => {
    const me = requireUser(request);
    if (me.role === 'member' && !(await teamsLedBy(app.db, me)).length)
      throw forbidden("Only the team's leaders and the church's staff may see the rosters.");
  });

  app.get(
    '',
    {
      schema: {
        response: {
          200: overviewAnswer,
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      const led = await teamsLedBy(app.db, me);
      const [teams, churches] = await Promise.all([
        managedTeams(app.db, led, app.clock.now()),
        app.db.selectFrom('churches').select(['id', 'church_name']).orderBy('position').execute(),
      ]);
      const data: ServingOverview = {
        staff: me.role !== 'member',
        teams,
        locations: churches.map((c) => ({ _id: c.id, name: c.church_name })),
      };
      return { data };
    },
  );

  const rosterQuery = {
    type: 'object',
    additionalProperties: false,
    properties: {
      from: { type: 'string', pattern: DAY_PATTERN },
      days: { type: 'integer', minimum: 1, maximum: 92 },
      team: idParam,
    },
  } as const;
  type RosterQuery = { from?: string; days?: number; team?: string };

  async function rosterFor(request: FastifyRequest<{ Querystring: RosterQuery }>) {
    const me = requireUser(request);
    const from = request.query.from ?? siteDay(app.clock.now());
    if (!isDay(from)) throw badRequest('That is not a date.', { from: 'Not a date' });
    let teams = await teamsLedBy(app.db, me);
    if (me.role === 'member' && !teams.length)
      throw forbidden("Only the team's leaders and the church's staff may see the rosters.");
    if (request.query.team) {
      if (!teams.includes(request.query.team)) throw notFound('That team');
      teams = [request.query.team];
    }
    return { from, days: await roster(app.db, teams, from, request.query.days ?? 14) };
  }

  app.get<{ Querystring: RosterQuery }>(
    '/roster',
    { schema: { querystring: rosterQuery, response: { 200: rosterAnswer, ...errors(400, 401, 403, 404) } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: (await rosterFor(request)).days };
    },
  );

  app.get<{ Querystring: RosterQuery }>(
    '/roster.csv',
    { schema: { querystring: rosterQuery, response: { 200: { type: 'string' }, ...errors(400, 401, 403, 404) } } },
    async (request, reply) => {
      const { from, days } = await rosterFor(request);
      const rows = days.flatMap((d) =>
        d.slots.flatMap((slot) => {
          const base = [
            d.day,
            inSiteTimeZone(slot.startsAt).format('HH:mm'),
            slot.team.name,
            slot.position.name,
            slot.church?.name ?? '',
            slot.needed,
          ];
          const served = slot.people.map((p) => [...base, p.name, p.email]);
          const gaps = Array.from({ length: Math.max(0, slot.needed - slot.people.length) }, () => [...base, '(open)', '']);
          return [...served, ...gaps];
        }),
      );
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName(`serving ${from}`, 'roster')}"`)
        .send(toCsv(['Date', 'Time', 'Team', 'Position', 'Location', 'Needed', 'Name', 'E-mail'], rows));
    },
  );

  app.post<{ Params: { id: string }; Body: { email: string } }>(
    '/slots/:id/people',
    {
      schema: {
        params: idParams,
        body: emailBody,
        response: { 201: okAnswer, 200: okAnswer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const slot = await assertLeadsSlot(app.db, me, request.params.id);
      const member = await memberByEmail(app.db, request.body.email);
      if (!member) throw badRequest('No member has that e-mail address.', { email: 'No such member' });
      const { created } = await signUp(app.db, slot._id, member.id, { now: app.clock.now(), addedBy: me.id });
      if (created) {
        await recordActivity(app.db, me, {
          action: 'updated',
          subjectType: 'serving',
          subjectId: slot._id,
          summary: `${member.name} added to ${slot.position.name} (${slot.team.name}), ${momentName(slot.startsAt)}`,
        });
      }
      return reply.status(created ? 201 : 200).send({ data: { ok: true } });
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>(
    '/slots/:id/people/:userId',
    {
      schema: {
        params: { type: 'object', required: ['id', 'userId'], properties: { id: idParam, userId: idParam } },
        response: { 200: okAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const slot = await assertLeadsSlot(app.db, me, request.params.id);
      if (!(await removeFromSlot(app.db, slot._id, request.params.userId))) throw notFound('That person on this slot');
      await recordActivity(app.db, me, {
        action: 'updated',
        subjectType: 'serving',
        subjectId: slot._id,
        summary: `Someone taken off ${slot.position.name} (${slot.team.name}), ${momentName(slot.startsAt)}`,
      });
      return { data: { ok: true } };
    },
  );

  // ── The staff only ──
  const idOf = envelope({ type: 'object', properties: { _id: { type: 'string' } } });

  app.post<{ Body: { name: string; description?: string } }>(
    '/teams',
    { onRequest: staff, schema: { body: teamBody, response: { 201: idOf, ...errors(400, 401, 403, 409) } } },
    async (request, reply) => {
      const editor = requireRole(request, 'editor');
      const input = textOf(request.body);
      const id = await createTeam(app.db, input);
      await recordActivity(app.db, editor, {
        action: 'created',
        subjectType: 'serving',
        subjectId: id,
        summary: `Serving team "${input.name}" added`,
      });
      return reply.status(201).send({ data: { _id: id } });
    },
  );

  app.put<{ Params: { id: string }; Body: { name: string; description?: string } }>(
    '/teams/:id',
    {
      onRequest: staff,
      schema: { params: idParams, body: teamBody, response: { 200: idOf, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const input = textOf(request.body);
      if (!(await updateTeam(app.db, request.params.id, input))) throw notFound('That team');
      return { data: { _id: request.params.id } };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/teams/:id',
    { onRequest: staff, schema: { params: idParams, response: { 200: okAnswer, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const editor = requireRole(request, 'editor');
      if (!(await removeTeam(app.db, request.params.id))) throw notFound('That team');
      await recordActivity(app.db, editor, {
        action: 'deleted',
        subjectType: 'serving',
        subjectId: request.params.id,
        summary: 'Serving team removed, with its slots',
      });
      return { data: { ok: true } };
    },
  );

  app.post<{ Params: { id: string }; Body: { name: string } }>(
    '/teams/:id/positions',
    {
      onRequest: staff,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 1, maxLength: 60 } },
        },
        response: { 201: idOf, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (!name) throw badRequest('Give the position a name.', { name: 'Required' });
      const id = await addPosition(app.db, request.params.id, name);
      return reply.status(201).send({ data: { _id: id } });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/positions/:id',
    { onRequest: staff, schema: { params: idParams, response: { 200: okAnswer, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      if (!(await removePosition(app.db, request.params.id))) throw notFound('That position');
      return { data: { ok: true } };
    },
  );

  app.post<{ Params: { id: string }; Body: { email: string } }>(
    '/teams/:id/leaders',
    {
      onRequest: staff,
      schema: { params: idParams, body: emailBody, response: { 200: okAnswer, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const member = await memberByEmail(app.db, request.body.email);
      if (!member) throw badRequest('No member has that e-mail address.', { email: 'No such member' });
      await addLeader(app.db, request.params.id, member.id);
      return { data: { ok: true } };
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>(
    '/teams/:id/leaders/:userId',
    {
      onRequest: staff,
      schema: {
        params: { type: 'object', required: ['id', 'userId'], properties: { id: idParam, userId: idParam } },
        response: { 200: okAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await removeLeader(app.db, request.params.id, request.params.userId))) throw notFound('That leader');
      return { data: { ok: true } };
    },
  );

  app.post<{
    Body: { teamId: string; positionId: string; churchId?: string | null; date: string; time: string; needed: number };
  }>(
    '/slots',
    {
      onRequest: staff,
      schema: {
        body: {
          type: 'object',
          required: ['teamId', 'positionId', 'date', 'time', 'needed'],
          additionalProperties: false,
          properties: {
            teamId: idParam,
            positionId: idParam,
            churchId: { anyOf: [idParam, { type: 'null' }] },
            date: { type: 'string', pattern: DAY_PATTERN },
            time: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
            needed: { type: 'integer', minimum: 1, maximum: 100 },
          },
        },
        response: { 201: idOf, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const editor = requireRole(request, 'editor');
      const body = request.body;
      const id = await createSlot(app.db, { ...body, churchId: body.churchId ?? null }, app.clock.now());
      await recordActivity(app.db, editor, {
        action: 'created',
        subjectType: 'serving',
        subjectId: id,
        summary: `Serving slot added on ${dayName(body.date)} at ${body.time}: ${countOf(body.needed, 'person', 'people')} needed`,
      });
      return reply.status(201).send({ data: { _id: id } });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/slots/:id',
    { onRequest: staff, schema: { params: idParams, response: { 200: okAnswer, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      if (!(await removeSlot(app.db, request.params.id))) throw notFound('That slot');
      return { data: { ok: true } };
    },
  );
}
