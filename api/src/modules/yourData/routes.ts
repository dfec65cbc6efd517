/**
 * The member's own data (the profile's "Your data" section): "Download my
 * data" (`GET /api/user/export`) and "Delete my account" (`DELETE
 * /api/user/me`). Both reach into every module that keeps something of a
 * member, so they live above them, not in `users`.
 */
import type { FastifyInstance } from 'fastify';
import { PASSWORD_MAX } from '@ministry/shared/validation';
import { siteIdentity } from '@ministry/shared/config';
import { badRequest } from '../../lib/errors.js';
import { byAccount, limitedBy } from '../../lib/limits.js';
import { greeting } from '../../lib/mailer.js';
import { verifyPassword } from '../../lib/passwords.js';
import { clearSessionCookie, requireUser, sessionHashOf } from '../../plugins/session.js';
import { errors, okMessageAnswer } from '../../schemas/entities.js';
import { verifyFreshCode } from '../signInCodes/service.js';
import { findUserById } from '../users/service.js';
import { collectMemberData, zipMemberData } from './dataExport.js';
import { deleteAccount, type PostsChoice } from './deletion.js';
import { writesChange } from '../../plugins/dataChanges.js';

export async function yourDataRoutes(app: FastifyInstance): Promise<void> {
  // A deleted account leaves its events' seats, its groups' rosters and (when asked) its posts.
  writesChange(app, ['events', 'groups', 'prayers', 'stories']);
  const mailer = app.mailer;
  const afterReply = (what: string, task: () => Promise<unknown>) => app.afterReply.run(what, task);

  /**
   * "Download my data": a ZIP of data.json (everything kept about the
   * member, no secrets) and their photo's file. A few an hour per member.
   */
  app.get(
    '/export',
    {
      schema: { response: errors(401, 429) },
      preHandler: limitedBy(
        [['dataExportsPerAccount', byAccount]],
        'You have downloaded your data several times in the last hour. Please try again later.',
      ),
    },
    async (request, reply) => {
      const me = requireUser(request);
      const now = app.clock.now();
      const zip = zipMemberData(await collectMemberData(app.db, app.uploads, me.id, now, sessionHashOf(request)));
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.zip"`)
        .type('application/zip')
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );

  /**
   * "Delete my account" (deletion.ts says what goes and what stays), with the
   * password, or a fresh one-time code for a member who signs in by code.
   * A mail to the address confirms it; this browser is signed out.
   */
  app.delete<{ Body: { password?: string; code?: string; posts: PostsChoice } }>(
    '/me',
    {
      schema: {
        body: {
          type: 'object',
          required: ['posts'],
          properties: {
            password: { type: 'string', maxLength: PASSWORD_MAX },
            code: { type: 'string', maxLength: 12 },
            posts: { type: 'string', enum: ['delete', 'anonymous'] },
          },
          additionalProperties: false,
        },
        response: { 200: okMessageAnswer, ...errors(400, 401, 409, 429, 502) },
      },
      preHandler: limitedBy([['accountDeletionsPerAccount', byAccount]]),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const me = requireUser(request);
      const { password, code, posts } = request.body;
      const row = await findUserById(app.db, me.id);
      if (password) {
        if (!(await verifyPassword(password, row.password_hash))) {
          const message = 'Your password is not correct.';
          throw badRequest(message, { password: message });
        }
      } else if (code) {
        if ((await verifyFreshCode(app.db, row.email, code.trim(), app.clock.now())) !== me.id) {
          const message = 'That code is not right or no longer valid. Ask for a new one.';
          throw badRequest(message, { code: message });
        }
      } else {
        const message = 'Please type your password, or a one-time code we e-mail you.';
        throw badRequest(message, { password: message });
      }
      const done = await deleteAccount(app, mailer, me.id, posts);
      clearSessionCookie(app, reply);
      const tickets =
        done.refunded || done.kept
          ? `\n\n${done.refunded ? `${done.refunded} future booking(s) were cancelled and refunded (a separate mail says so).` : ''}${done.kept ? ` ${done.kept} booking(s) too close to their event to be refunded stay valid: you may still come.` : ''}`
          : '';
      afterReply('confirm an account deletion', () =>
        mailer.send({
          to: done.email,
          subject: 'Your account is deleted',
          text: `${greeting(done.firstname)}\n\nYour account at ${siteIdentity.ministryName} is deleted, as you asked. Your sessions have ended and your photo is deleted; your prayers, stories and comments were ${posts === 'delete' ? 'deleted' : 'kept without your name'}. Your gifts stay in the church's records, for the statements the law asks for, without your profile.${tickets}\n\nYou can sign up again with this address whenever you like, as a new member.\n`,
        }),
      );
      return { data: { ok: true, message: 'Your account is deleted. We have sent a confirmation to your address.' } };
    },
  );
}
