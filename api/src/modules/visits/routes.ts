import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { countOf, formatServiceTime, inSiteTimeZone } from '@ministry/shared/format';
import { planAVisit } from '@ministry/shared/texts';
import type { ComingService } from '@ministry/shared/types';
import {
  ConfirmedVisitContract,
  VisitAnswerContract,
  VisitBody,
  VisitListContract,
  VisitLocationContract,
} from '@ministry/shared/contracts';
import { visitMessages, visitSchema } from '@ministry/shared/validation';
import { badRequest, notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { byAddress, byDevice, limitedBy } from '../../lib/limits.js';
import { greeting } from '../../lib/mailer.js';
import { toCsv } from '../../lib/csv.js';
import { sanitizePlainText } from '../../lib/sanitize.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { mailboxOf } from '../newsletter/routes.js';
import {
  claimReminders,
  comingServices,
  confirmVisit,
  deleteVisit,
  forgetUnconfirmed,
  listVisits,
  markCame,
  planVisit,
  releaseReminder,
  VISIT_TOKEN_PATTERN,
  type VisitInput,
  type VisitMailData,
} from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

/** The answer to a planned visit, the same whether the address was new, pending or confirmed. */
export const VISIT_ANSWER = 'Thank you! Check your inbox: open the link we sent to confirm your visit.';
const CONFIRM_INVALID =
  'This confirmation link is not valid, or the service has already begun. You can plan a visit again on our site.';

const visitLocations = envelope({ type: 'array', items: answerSchema(VisitLocationContract) });
const answer = envelope(answerSchema(VisitAnswerContract));
const confirmedVisit = envelope(answerSchema(ConfirmedVisitContract));
const visitList = envelope(answerSchema(VisitListContract));
const listQuery = {
  type: 'object',
  properties: { location: idParam },
  additionalProperties: false,
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: idParam } } as const;

/** "Sunday 14 December at 10:30 AM" on the church's clock. */
export const serviceMoment = (at: Date | string, timeZone: string): string => {
  const local = inSiteTimeZone(at, timeZone);
  return `${local.format('dddd D MMMM')} at ${formatServiceTime(local.format('HH:mm'))}`;
};

const ages = (list: number[]): string => list.map((a) => (a === 0 ? 'under 1' : String(a))).join(', ');

/** "2 adults and 2 children (ages 4, 7)". */
export const partyOf = (adults: number, childrenAges: number[]): string =>
  childrenAges.length
    ? `${countOf(adults, 'adult', 'adults')} and ${countOf(childrenAges.length, 'child', 'children')} (${childrenAges.length === 1 ? 'age' : 'ages'} ${ages(childrenAges)})`
    : countOf(adults, 'adult', 'adults');

/** The visit's details as a mail states them: when, where, who, parking. */
function visitLines(v: VisitMailData): string {
  const lines = [
    `When: ${serviceMoment(v.serviceAt, v.timeZone)}, ${v.serviceName}${v.serviceLanguage !== 'English' ? ` (${v.serviceLanguage})` : ''}`,
    `Where: ${v.churchName}, ${v.adress}`,
    `Coming: ${partyOf(v.adults, v.childrenAges)}`,
  ];
  if (v.parking) lines.push(`Parking: ${v.parking}`);
  return lines.join('\n');
}

const contactLine = (v: VisitMailData): string =>
  `Questions before your visit? Write to ${v.churchEmail}${v.phones.length ? ` or call ${v.phones[0]}` : ''}.`;

/** The welcome mail, once the visit is confirmed: the address, parking and what to expect. */
export function welcomeMail(v: VisitMailData, now: Date) {
  const reminder =
    v.serviceAt.getTime() - now.getTime() > 86_400_000 ? '\n\nWe will send you a short reminder the day before.' : '';
  const expect = planAVisit.topics
    .filter((t) => t.heading !== 'Questions?' && t.heading !== 'Getting there')
    .map((t) => `${t.heading}\n${t.text}`)
    .join('\n\n');
  return {
    to: v.email,
    subject: `We look forward to welcoming you at ${v.churchName}`,
    text: `${greeting(v.name)}\n\nThank you for telling us you are coming: we look forward to meeting you.\n\n${visitLines(v)}\n\n${expect}\n\nArrive ten minutes early and look for the welcome desk: tell them your name and we will show you around.${v.question ? `\n\nYou asked: "${v.question}"\nSomeone from the church will answer you by e-mail before your visit.` : ''}\n\n${contactLine(v)}${reminder}\n`,
  };
}

/** The reminder of the day before. */
export function reminderMail(v: VisitMailData) {
  return {
    to: v.email,
    subject: `See you tomorrow at ${v.churchName}`,
    text: `${greeting(v.name)}\n\nA short reminder: we look forward to welcoming you tomorrow.\n\n${visitLines(v)}\n\nArrive ten minutes early and look for the welcome desk.\n\n${contactLine(v)}\n`,
  };
}

/**
 * The visitor's input, checked by the visit form's rules (`readBody`), then
 * cleaned (plain text) and looked up: the church and one of its coming
 * services. A message per field.
 */
async function readVisit(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<VisitInput & { offered: ComingService; website?: string }> {
  const input = await readBody(request, visitSchema);
  const fields: Record<string, string> = {};
  const name = sanitizePlainText(input.name).trim();
  const question = sanitizePlainText(input.question ?? '').trim();
  if (!name) fields.name = visitMessages.name;

  let offered: ComingService | undefined;
  const [church] = await comingServices(app.db, app.clock.now(), input.location);
  if (!church) fields.location = 'That church was not found: choose one from the list.';
  else {
    const at = new Date(input.service);
    offered = church.services.find((s) => !Number.isNaN(at.getTime()) && s.at === at.toISOString());
    if (!offered) fields.service = 'That service is no longer open for planning a visit: choose one of the coming services.';
  }
  const first = Object.values(fields)[0];
  if (first || !offered) throw badRequest(first ?? 'Choose one of the coming services.', fields);
  return {
    location: input.location,
    service: new Date(input.service).toISOString(),
    name,
    email: input.email.toLowerCase(),
    adults: input.adults,
    childrenAges: [...(input.childrenAges as number[])].sort((a, b) => b - a),
    question: question || null,
    offered,
    website: input.website,
  };
}

/**
 * The visitor's side, under /api/visits:
 * GET /api/visits/services[?location=]: each church with its services of
 * the coming weeks (their moments, on the church's clock);
 * POST /api/visits {location, service, name, email, adults, childrenAges,
 * question?}: the same answer (200) whether the address was new, pending or
 * confirmed (and for a robot that filled the hidden `website` field); the
 * confirmation mail goes after the answer, a few a day to one mailbox;
 * POST /api/visits/confirm {token}: the confirmation page; the welcome mail
 * goes once, the first time.
 * A job (once across processes) sends the reminders of the day before and
 * forgets visits never confirmed.
 */
export async function visitRoutes(app: FastifyInstance): Promise<void> {
  // A planned visit is the church's to see, not a page's.
  writesChange(app, []);
  const mailer = app.mailer;
  const perMailbox = app.limits('visitMailsPerEmail');

  app.get<{ Querystring: { location?: string } }>(
    '/services',
    {
      schema: {
        querystring: listQuery,
        response: { 200: visitLocations, ...errors(400) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const list = await comingServices(app.db, app.clock.now(), request.query.location);
      return { data: list };
    },
  );

  async function askToConfirm(input: VisitInput & { offered: ComingService }): Promise<void> {
    const { offered } = input;
    const { confirm, token } = await planVisit(app.db, {
      ...input,
      serviceName: offered.name,
      serviceLanguage: offered.language,
    });
    const mailbox = mailboxOf(input.email);
    if (!confirm || (await perMailbox.isBlocked(mailbox))) return;
    await perMailbox.fail(mailbox);
    const [church] = await comingServices(app.db, app.clock.now(), input.location);
    const link = `${app.config.publicUrl}/visit/confirm/${token}`;
    await mailer.send({
      to: input.email,
      subject: `Confirm your visit to ${church?.church_name ?? siteIdentity.shortName}`,
      text: `${greeting(input.name)}\n\nSomeone (we hope you) told us they plan to visit ${church?.church_name ?? 'our church'} on ${serviceMoment(input.service, church?.timeZone ?? siteIdentity.timeZone)}, with ${partyOf(input.adults, input.childrenAges)}.\n\nPlease confirm by opening this link: we will then send you the address, where to park and what to expect.\n\nConfirm my visit: ${link}\n\nIf you did not ask for it, ignore this e-mail: you will not hear from us.\n`,
    });
  }

  app.post(
    '',
    {
      ...checkedBody,
      schema: { body: VisitBody, response: { 200: answer, ...errors(400, 429) } },
      preHandler: limitedBy(
        [
          ['visitRequestsPerAddress', byAddress],
          ['visitRequestsPerDevice', byDevice],
        ],
        'You have planned several visits in the last hour. Please try again later.',
      ),
    },
    async (request) => {
      const input = await readVisit(app, request);
      // A robot fills every field, the hidden one too: it is told what a person is told, and nothing is kept.
      if (input.website?.trim()) return { data: { email: input.email, message: VISIT_ANSWER } };
      app.afterReply.run('visit confirmation', () => askToConfirm(input));
      return { data: { email: input.email, message: VISIT_ANSWER } };
    },
  );

  app.post<{ Body: { token: string } }>(
    '/confirm',
    {
      schema: {
        body: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } },
        response: { 200: confirmedVisit, ...errors(400, 429) },
      },
      preHandler: limitedBy([['confirmationsPerAddress', byAddress]]),
    },
    async (request) => {
      const { token } = request.body;
      const now = app.clock.now();
      const result = new RegExp(VISIT_TOKEN_PATTERN).test(token) ? await confirmVisit(app.db, token, now) : undefined;
      if (!result) throw badRequest(CONFIRM_INVALID, { token: CONFIRM_INVALID });
      const { visit, first } = result;
      if (first) app.afterReply.run('visit welcome', () => mailer.send(welcomeMail(visit, now)));
      return {
        data: {
          message: first
            ? 'Your visit is confirmed. We have sent you the address, where to park and what to expect.'
            : 'Your visit is already confirmed.',
          name: visit.name,
          email: visit.email,
          church_name: visit.churchName,
          adress: visit.adress,
          parking: visit.parking,
          at: visit.serviceAt.toISOString(),
          timeZone: visit.timeZone,
          serviceName: visit.serviceName,
          adults: visit.adults,
          childrenAges: visit.childrenAges,
        },
      };
    },
  );

  // The reminders of the day before, and forgetting what was never confirmed: once across every process.
  app.jobs.every('visit-reminders', 5 * 60_000, async () => {
    const now = app.clock.now();
    await forgetUnconfirmed(app.db, now);
    for (const visit of await claimReminders(app.db, now)) {
      try {
        await mailer.send(reminderMail(visit));
      } catch (error) {
        app.log.warn({ err: error }, 'a visit reminder could not be sent; it will be tried again');
        await releaseReminder(app.db, visit.id);
      }
    }
  });
}

/**
 * The staff's (editors and admins) /admin/visits, under /api/admin:
 * GET /api/admin/visits[?location=]: the confirmed visits of the coming
 * services and of the last two weeks, by service, with counts and the
 * children's ages, and how many wait for their guest's confirmation;
 * GET /api/admin/visits.csv[?location=]: the same as a spreadsheet (each
 * download recorded in the activity log: it holds personal data);
 * PUT /api/admin/visits/{id} {came}: whether they came (null: not marked);
 * DELETE /api/admin/visits/{id}: removes a guest's visit and what they told us.
 */
export async function staffVisitRoutes(app: FastifyInstance): Promise<void> {
  // A planned visit is the church's to see, not a page's.
  writesChange(app, []);
  const staff = staffOnly('editor');

  app.get<{ Querystring: { location?: string } }>(
    '/visits',
    {
      onRequest: staff,
      schema: {
        querystring: listQuery,
        response: {
          200: visitList,
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await listVisits(app.db, app.clock.now(), { location: request.query.location }) };
    },
  );

  app.get<{ Querystring: { location?: string } }>(
    '/visits.csv',
    {
      onRequest: staff,
      schema: { querystring: listQuery, response: { 200: { type: 'string' }, ...errors(400, 401, 403) } },
    },
    async (request, reply) => {
      const editor = requireRole(request, 'editor');
      const { groups } = await listVisits(app.db, app.clock.now(), { location: request.query.location });
      const rows = groups.flatMap((g) =>
        g.visits.map((v) => [
          inSiteTimeZone(g.at).format('YYYY-MM-DD HH:mm'),
          g.church_name,
          g.serviceName,
          v.name,
          v.email,
          v.adults,
          v.childrenAges.length,
          v.childrenAges.join(' '),
          v.question,
          v.came === null ? '' : v.came ? 'yes' : 'no',
        ]),
      );
      const csv = toCsv(
        [
          `Service (${siteIdentity.timeZone})`,
          'Church',
          'Service name',
          'Name',
          'E-mail',
          'Adults',
          'Children',
          "Children's ages",
          'Question',
          'Came',
        ],
        rows,
      );
      await recordActivity(app.db, editor, {
        action: 'downloaded',
        subjectType: 'visits',
        summary: `Planned visits downloaded (${countOf(rows.length, 'visit', 'visits')})`,
      });
      const day = inSiteTimeZone(app.clock.now()).format('YYYY-MM-DD');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="planned-visits-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.put<{ Params: { id: string }; Body: { came: boolean | null } }>(
    '/visits/:id',
    {
      onRequest: staff,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['came'],
          properties: { came: { type: ['boolean', 'null'] } },
          additionalProperties: false,
        },
        response: {
          200: envelope({ type: 'object', properties: { came: { type: ['boolean', 'null'] } } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      requireRole(request, 'editor');
      if (!(await markCame(app.db, request.params.id, request.body.came))) throw notFound('That visit');
      return { data: { came: request.body.came } };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/visits/:id',
    {
      onRequest: staff,
      schema: {
        params: idParams,
        response: {
          200: envelope({ type: 'object', properties: { removed: { type: 'boolean' } } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const editor = requireRole(request, 'editor');
      const removed = await deleteVisit(app.db, request.params.id);
      if (!removed) throw notFound('That visit');
      await recordActivity(app.db, editor, {
        action: 'deleted',
        subjectType: 'visit',
        subjectId: request.params.id,
        summary: `Planned visit of ${removed.name} to ${removed.churchName} (${inSiteTimeZone(removed.serviceAt).format('YYYY-MM-DD HH:mm')}) removed`,
      });
      return { data: { removed: true } };
    },
  );
}
