import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { siteIdentity } from '@ministry/shared/config';
import { countOf, inSiteTimeZone } from '@ministry/shared/format';
import { newsletterSchema } from '@ministry/shared/validation';
import { LIMITS } from '../../config.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { byAddress, byDevice, limitedBy } from '../../lib/limits.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import {
  MyNewsletterContract,
  NewsletterAnswerContract,
  NewsletterBody,
  NewsletterOverviewContract,
  SubscriberPageContract,
} from '@ministry/shared/contracts';
import { requireRole, requireUser, staffOnly } from '../../plugins/session.js';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { findUserById } from '../users/service.js';
import { mailLayout } from '../../lib/mailer.js';
import { toCsv } from '../../lib/csv.js';
import {
  composeIssue,
  issueOfWeek,
  lastSentAt,
  pastIssues,
  runNewsletter,
  startIssue,
  type NewsletterSettings,
} from './issues.js';
import {
  confirmSubscription,
  listSubscribers,
  subscribe,
  subscribeConfirmed,
  subscriptionOf,
  subscriberByToken,
  TOKEN_PATTERN,
  unsubscribeAddress,
  unsubscribeByToken,
} from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

/** The footer's answer, the same for a new, a pending and a confirmed address. */
export const SUBSCRIBE_ANSWER = 'Check your inbox to confirm your subscription.';
export const CONFIRMED_ANSWER = 'Thank you: you will receive our newsletter once a week.';
export const UNSUBSCRIBED_ANSWER = 'You are unsubscribed: you will not receive our newsletter any more.';
const CONFIRM_INVALID =
  'This confirmation link is not valid (or you unsubscribed since). Please subscribe again from the foot of any page.';
const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.';

/** Hard bounces after which an address stops receiving the newsletter. */
export const NEWSLETTER_BOUNCES = 3;
/** Confirmation mails one mailbox may be sent a day by default (every one carries the same working link). */
export const CONFIRMATIONS_PER_ADDRESS = {
  max: LIMITS.newsletterMailsPerEmail.max,
  windowMs: LIMITS.newsletterMailsPerEmail.minutes * 60_000,
};

/**
 * The mailbox an address reaches: `name+anything@host` is delivered to
 * `name@host` by most mail services, so they share one mail cap.
 */
export const mailboxOf = (email: string): string => {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  return `${address.slice(0, at).replace(/\+.*$/, '')}${address.slice(at)}`;
};

const answer = envelope(answerSchema(NewsletterAnswerContract));
const tokenBody = { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } } as const;
const mySubscription = envelope(answerSchema(MyNewsletterContract));

/** The newsletter's links for an address's token: the confirmation and unsubscribe pages, and the one-click address. */
export const newsletterLinks = (publicUrl: string, token: string) => ({
  confirm: `${publicUrl}/newsletter/confirm/${token}`,
  unsubscribePage: `${publicUrl}/newsletter/unsubscribe/${token}`,
  oneClick: `${publicUrl}/api/newsletter/unsubscribe/${token}`,
});

const subscriberPage = answerSchema(SubscriberPageContract);
const searchQuery = { q: { type: 'string', maxLength: 254 } } as const;

/**
 * POST /api/newsletter {email}: "Check your inbox to confirm", the same
 * answer (200) whether the address was new, pending or confirmed, so nobody
 * learns who is on the list; the confirmation mail goes after the answer
 * (none to an address already confirmed; at most a few a day to one
 * address, and a visitor who asks for many is told to wait).
 * POST /api/newsletter/confirm {token}: the confirmation page.
 * POST /api/newsletter/unsubscribe {token}: the unsubscribe page.
 * POST /api/newsletter/unsubscribe/:token: one-click unsubscribe (RFC 8058),
 * what mail apps send from the List-Unsubscribe header: no session, no
 * Origin, a form body (List-Unsubscribe=One-Click) or none.
 * GET and PUT /api/user/newsletter {subscribed}: a member's own subscription.
 *
 * The admins' /admin/subscribers: GET /api/admin/subscribers?q=&page= (newest
 * first, a page at a time, with how many there are);
 * GET /api/admin/subscribers.csv?q= the same list as a spreadsheet file
 * (each download is recorded in the activity log: it holds personal data).
 */
export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  // Subscriptions and issues are nobody's page.
  writesChange(app, []);
  const mailer = app.mailer;
  const perMailbox = app.limits('newsletterMailsPerEmail');

  /** Mails the confirmation link to `email` when it is due and the address's daily limit allows. */
  async function askToConfirm(email: string): Promise<void> {
    const { confirm, token } = await subscribe(app.db, email);
    if (!confirm || (await perMailbox.isBlocked(mailboxOf(email)))) return;
    await perMailbox.fail(mailboxOf(email));
    const link = newsletterLinks(app.config.publicUrl, token).confirm;
    await mailer.send({
      to: email,
      subject: `Confirm your subscription to the ${siteIdentity.shortName} newsletter`,
      text: `Hello,\n\nSomeone (we hope you) asked to receive the newsletter of ${siteIdentity.ministryName} at this address: devotionals, events and news, once a week.\n\nPlease confirm by opening this link.\n\nConfirm my subscription: ${link}\n\nIf you did not ask for it, ignore this e-mail: you will not hear from us.\n`,
    });
  }

  app.post(
    '/newsletter',
    {
      ...checkedBody,
      schema: {
        body: NewsletterBody,
        response: { 200: answer, ...errors(400, 429) },
      },
      // Per device, and a last line per network address sized for a congregation signing up at once.
      preHandler: limitedBy(
        [
          ['newsletterSignupsPerAddress', byAddress],
          ['newsletterSignupsPerDevice', byDevice],
        ],
        'You have asked for several subscriptions in the last hour. Please try again later.',
      ),
    },
    async (request) => {
      const { email } = await readBody(request, newsletterSchema);
      const address = email.trim().toLowerCase();
      app.afterReply.run('newsletter confirmation', () => askToConfirm(address));
      return { data: { email: address, message: SUBSCRIBE_ANSWER } };
    },
  );

  app.post<{ Body: { token: string } }>(
    '/newsletter/confirm',
    { schema: { body: tokenBody, response: { 200: answer, ...errors(400, 429) } } },
    async (request) => {
      const token = request.body.token;
      const email = new RegExp(TOKEN_PATTERN).test(token) ? await confirmSubscription(app.db, token, app.clock.now()) : null;
      if (!email) throw badRequest(CONFIRM_INVALID, { token: CONFIRM_INVALID });
      return { data: { email, message: CONFIRMED_ANSWER } };
    },
  );

  const unsubscribe = async (token: string) => {
    const email = new RegExp(TOKEN_PATTERN).test(token) ? await unsubscribeByToken(app.db, token, app.clock.now()) : null;
    if (!email) throw badRequest(UNSUBSCRIBE_INVALID, { token: UNSUBSCRIBE_INVALID });
    return { data: { email, message: UNSUBSCRIBED_ANSWER } };
  };

  // What an unsubscribe link stands for, read only (a mail scanner opening the page changes nothing):
  // the address, and whether it is unsubscribed already (a used link says it is done).
  app.get<{ Params: { token: string } }>(
    '/newsletter/unsubscribe/:token',
    {
      schema: {
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } },
        response: {
          // The address and where it stands (never 'none': the token is its subscription's).
          200: mySubscription,
          ...errors(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const row = new RegExp(TOKEN_PATTERN).test(token) ? await subscriberByToken(app.db, token) : undefined;
      if (!row) throw badRequest(UNSUBSCRIBE_INVALID, { token: UNSUBSCRIBE_INVALID });
      reply.header('Cache-Control', 'no-store');
      return { data: row };
    },
  );

  app.post<{ Body: { token: string } }>(
    '/newsletter/unsubscribe',
    { schema: { body: tokenBody, response: { 200: answer, ...errors(400, 429) } } },
    async (request) => unsubscribe(request.body.token),
  );

  // One-click unsubscribe: mail apps post a form (List-Unsubscribe=One-Click), which nothing else here accepts.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    oneClick.post<{ Params: { token: string } }>(
      '/newsletter/unsubscribe/:token',
      {
        schema: {
          params: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } },
          response: { 200: answer, ...errors(400, 429) },
        },
      },
      async (request) => unsubscribe(request.params.token),
    );
  });

  app.get('/user/newsletter', { schema: { response: { 200: mySubscription, ...errors(401) } } }, async (request) => {
    const user = await findUserById(app.db, requireUser(request).id);
    return { data: { email: user.email, status: await subscriptionOf(app.db, user.email) } };
  });

  app.put<{ Body: { subscribed: boolean } }>(
    '/user/newsletter',
    {
      schema: {
        body: {
          type: 'object',
          required: ['subscribed'],
          properties: { subscribed: { type: 'boolean' } },
          additionalProperties: false,
        },
        response: { 200: mySubscription, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, requireUser(request).id);
      if (!request.body.subscribed) await unsubscribeAddress(app.db, user.email, app.clock.now());
      // A member's confirmed address needs no other confirmation; an unconfirmed one gets the mail.
      else if (user.email_verified_at !== null) await subscribeConfirmed(app.db, user.email, app.clock.now());
      else await askToConfirm(user.email.toLowerCase());
      return { data: { email: user.email, status: await subscriptionOf(app.db, user.email) } };
    },
  );

  const admins = staffOnly('admin');

  // The weekly newsletter (issues.ts), once across every process.
  const settings: NewsletterSettings = {
    ...app.config.newsletter,
    batchSize: 100,
    bounceLimit: NEWSLETTER_BOUNCES,
    publicUrl: app.config.publicUrl,
  };
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  app.jobs.every('newsletter', 60_000, () => runNewsletter(app.db, mailer, settings, app.clock.now(), () => closing));

  /** The week's issue as it would go now: its moment, opening paragraph and the mail itself. */
  async function upcoming() {
    const now = app.clock.now();
    const issue = await issueOfWeek(app.db, now, settings);
    const since = (await lastSentAt(app.db)) ?? new Date(now.getTime() - 7 * 86_400_000);
    const composed = await composeIssue(app.db, since, now, issue.intro, app.config.publicUrl);
    const recipients = await app.db
      .selectFrom('newsletter_subscribers')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    return {
      issue,
      composed,
      answer: {
        week: typeof issue.week === 'string' ? issue.week : new Date(issue.week).toISOString().slice(0, 10),
        sendAt: new Date(issue.send_at).toISOString(),
        status: issue.status,
        intro: issue.intro,
        subject: issue.status === 'planned' ? composed.subject : (issue.subject ?? composed.subject),
        html: mailLayout({
          subject: composed.subject,
          body: issue.status === 'planned' ? composed.html : (issue.body_html ?? ''),
          unsubscribeUrl: `${app.config.publicUrl}/newsletter/unsubscribe/preview`,
        }),
        since: since.toISOString(),
        recipients: Number(recipients.n),
        counts: composed.counts,
      },
    };
  }

  const issueAnswer = envelope(answerSchema(NewsletterOverviewContract));
  const overview = async () => ({ data: { upcoming: (await upcoming()).answer, past: await pastIssues(app.db) } });

  /** GET /api/admin/newsletter: this week's issue (preview, moment, opening paragraph) and the past sends. */
  app.get('/admin/newsletter', { onRequest: admins, schema: { response: { 200: issueAnswer, ...errors(401, 403) } } }, overview);

  /** PUT /api/admin/newsletter {intro?, sendAt?, skip?}: the opening paragraph, a later moment (within the week), or no issue this week. */
  app.put<{ Body: { intro?: string; sendAt?: string; skip?: boolean } }>(
    '/admin/newsletter',
    {
      onRequest: admins,
      schema: {
        body: {
          type: 'object',
          properties: {
            intro: { type: 'string', maxLength: 2000 },
            sendAt: { type: 'string', format: 'date-time' },
            skip: { type: 'boolean' },
          },
          additionalProperties: false,
        },
        response: { 200: issueAnswer, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const { issue } = await upcoming();
      if (issue.status !== 'planned' && !(issue.status === 'skipped' && request.body.skip === false)) {
        throw new HttpError(409, 'conflict', "This week's newsletter has already gone out.");
      }
      const changes: { intro?: string; send_at?: Date; status?: 'planned' | 'skipped' } = {};
      if (request.body.intro !== undefined) changes.intro = request.body.intro.trim();
      if (request.body.sendAt !== undefined) {
        const at = new Date(request.body.sendAt);
        const weekEnd = new Date(new Date(issue.send_at).getTime() + 7 * 86_400_000);
        if (!(at.getTime() > app.clock.now().getTime() && at.getTime() < weekEnd.getTime())) {
          const message = 'Choose a moment from now until a week after the planned one.';
          throw badRequest(message, { sendAt: message });
        }
        changes.send_at = at;
      }
      if (request.body.skip !== undefined) changes.status = request.body.skip ? 'skipped' : 'planned';
      if (Object.keys(changes).length)
        await app.db.updateTable('newsletter_issues').set(changes).where('id', '=', issue.id).execute();
      const what =
        changes.status === 'skipped'
          ? 'skipped'
          : changes.status === 'planned'
            ? 'restored'
            : changes.send_at
              ? `rescheduled to ${changes.send_at.toISOString()}`
              : 'edited';
      await recordActivity(app.db, admin, {
        action: 'updated',
        subjectType: 'newsletter',
        summary: `Newsletter of the week of ${issue.week} ${what}`,
      });
      return overview();
    },
  );

  /**
   * POST /api/admin/newsletter/send: this week's planned issue goes now (its
   * content frozen and every confirmed subscriber queued at once; the
   * newsletter job, once across processes, sends it right after).
   */
  app.post(
    '/admin/newsletter/send',
    { onRequest: admins, schema: { response: { 200: issueAnswer, ...errors(401, 403, 409) } } },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const { issue } = await upcoming();
      if (issue.status === 'skipped')
        throw new HttpError(409, 'conflict', "This week's newsletter is skipped: plan it again before you send it.");
      if (!(await startIssue(app.db, issue.id, app.clock.now(), app.config.publicUrl)))
        throw new HttpError(409, 'conflict', "This week's newsletter has already gone out.");
      await recordActivity(app.db, admin, {
        action: 'updated',
        subjectType: 'newsletter',
        summary: `Newsletter of the week of ${issue.week} sent now`,
      });
      app.afterReply.run('send the newsletter now', () => app.jobs.run('newsletter'));
      return overview();
    },
  );

  /** POST /api/admin/newsletter/test: the week's issue as it stands, to the signed-in admin's own address. */
  app.post(
    '/admin/newsletter/test',
    {
      onRequest: admins,
      schema: { response: { 200: answer, ...errors(401, 403, 429) } },
      config: {
        rateLimit: {
          max: 10,
          timeWindow: 15 * 60_000,
          keyGenerator: (request: FastifyRequest) => request.sessionUser?.id ?? request.ip,
        },
      },
    },
    async (request) => {
      const admin = await findUserById(app.db, requireRole(request, 'admin').id);
      const { composed } = await upcoming();
      await mailer.send({
        to: admin.email,
        subject: `[Test] ${composed.subject}`,
        text: composed.text,
        html: composed.html,
        unsubscribeUrl: `${app.config.publicUrl}/newsletter/unsubscribe/test`,
      });
      return { data: { email: admin.email, message: `A test was sent to ${admin.email}.` } };
    },
  );
  app.get<{ Querystring: { q?: string; page?: number } }>(
    '/admin/subscribers',
    {
      onRequest: admins,
      schema: {
        querystring: {
          type: 'object',
          properties: { ...searchQuery, page: { type: 'integer', minimum: 1, maximum: 100000 } },
          additionalProperties: false,
        },
        response: { 200: envelope(subscriberPage), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await listSubscribers(app.db, { q: request.query.q, page: request.query.page ?? 1 }) }),
  );

  app.get<{ Querystring: { q?: string } }>(
    '/admin/subscribers.csv',
    {
      onRequest: admins,
      schema: {
        querystring: { type: 'object', properties: searchQuery, additionalProperties: false },
        response: { 200: { type: 'string' }, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const { items } = await listSubscribers(app.db, { q: request.query.q, page: 0 });
      const csv = toCsv(
        ['E-mail', `Subscribed (${siteIdentity.timeZone})`],
        items.map((s) => [s.email, inSiteTimeZone(s.since).format('YYYY-MM-DD HH:mm')]),
      );
      await recordActivity(app.db, admin, {
        action: 'downloaded',
        subjectType: 'subscribers',
        summary: `Newsletter subscribers downloaded (${countOf(items.length, 'address', 'addresses')}${request.query.q?.trim() ? `, matching "${request.query.q.trim()}"` : ''})`,
      });
      const day = inSiteTimeZone(app.clock.now()).format('YYYY-MM-DD');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
