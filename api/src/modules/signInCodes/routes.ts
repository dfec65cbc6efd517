/**
 * Signing in with a one-time code by e-mail, beside the password:
 * - POST /api/user/code `{ email }`: the same answer for every address; a
 *   known one is mailed a six-digit code, valid ten minutes, once. A few an
 *   hour per e-mail address and per device (LIMIT_CODE_MAILS_PER_*), with a
 *   last line per network address sized for a congregation.
 * - POST /api/user/code/verify `{ email, code, remember? }`: signs in, as
 *   the password does. Wrong codes are limited per e-mail address
 *   (LIMIT_CODE_FAILURES_PER_EMAIL) and per code (five void it).
 * No password limit ever blocks these: a member held up by wrong passwords
 * typed on their network, or on their account, gets in this way. A code
 * proves the member reads the address, so it confirms it too, and clears
 * the wrong passwords counted against the account.
 */
import type { FastifyInstance } from 'fastify';
import { siteIdentity } from '@ministry/shared/config';
import { formatMinutes } from '@ministry/shared/format';
import { SignInCodeBody, SignInCodeRequestBody } from '@ministry/shared/contracts';
import { signInCodeRequestSchema, signInCodeSchema } from '@ministry/shared/validation';
import { badRequest, HttpError } from '../../lib/errors.js';
import { byAddress, byDevice, take, TOO_MANY } from '../../lib/limits.js';
import { greeting } from '../../lib/mailer.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import { ACCOUNT_DISABLED, startSession } from '../../plugins/session.js';
import { envelope, errors, okMessageAnswer, userSchema } from '../../schemas/entities.js';
import { createLoginGuard } from '../users/loginGuard.js';
import { findUserByEmail, findUserById, normalizeEmail, toUser } from '../users/service.js';
import { CODE_MINUTES, consumeSignInCode, createSignInCode } from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

export const CODE_SENT = 'If an account uses this e-mail, we have sent it a code. It works once, for 10 minutes.';
export const CODE_WRONG = 'This code is not right, or it has expired. Check the latest e-mail, or ask for a new code.';
const CODES_PER_EMAIL_USED =
  'We have sent several codes to this address in the last hour. Please use the latest one, or try again later.';
const WRONG_CODES_USED = 'Too many wrong codes for this address. Please wait a while, then ask for a new code.';

export async function signInCodeRoutes(app: FastifyInstance): Promise<void> {
  // Signing in changes nothing a visitor sees.
  writesChange(app, []);
  const mailer = app.mailer;
  const loginGuard = createLoginGuard(app);

  app.post(
    '/code',
    { ...checkedBody, schema: { body: SignInCodeRequestBody, response: { 200: okMessageAnswer, ...errors(400, 429) } } },
    async (request, reply) => {
      const { email } = await readBody(request, signInCodeRequestSchema);
      const address = normalizeEmail(email);
      // Counted for every address, known or not: the answer says nothing of who has an account.
      const refused = await take(app, [
        ['codeMailsPerAddress', byAddress(request)],
        ['codeMailsPerDevice', byDevice(request, reply)],
        ['codeMailsPerEmail', address],
      ]);
      if (refused)
        throw new HttpError(429, 'too_many_requests', refused === 'codeMailsPerEmail' ? CODES_PER_EMAIL_USED : TOO_MANY);
      reply.header('Cache-Control', 'no-store');
      // Looked up after the answer: known and unknown addresses take the same time.
      app.afterReply.run('mail a sign-in code', async () => {
        const user = await findUserByEmail(app.db, address);
        if (!user || user.disabled_at) return;
        const code = await createSignInCode(app.db, user.id, app.clock.now());
        await mailer.send({
          to: user.email,
          subject: `Your sign-in code: ${code}`,
          text: `${greeting(user.firstname)}\n\nYour code to sign in to ${siteIdentity.ministryName} is:\n\n${code}\n\nIt works once, for ${formatMinutes(CODE_MINUTES)}. If you did not ask for it, ignore this e-mail: nobody can sign in without it, and your password stays as it is.\n`,
        });
      });
      return { data: { ok: true, message: CODE_SENT } };
    },
  );

  app.post(
    '/code/verify',
    { ...checkedBody, schema: { body: SignInCodeBody, response: { 200: envelope(userSchema), ...errors(400, 403, 429) } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { email, code } = await readBody(request, signInCodeSchema);
      const remember = (request.body as { remember?: unknown }).remember !== false;
      const address = normalizeEmail(email);
      if (await take(app, [['codeTriesPerAddress', byAddress(request)]])) throw new HttpError(429, 'too_many_requests', TOO_MANY);
      const failures = app.limits('codeFailuresPerEmail');
      if (await failures.isBlocked(address)) throw new HttpError(429, 'too_many_requests', WRONG_CODES_USED);
      const user = await findUserByEmail(app.db, address);
      const now = app.clock.now();
      if (!user || !(await consumeSignInCode(app.db, user.id, code, now))) {
        await failures.fail(address);
        throw badRequest(CODE_WRONG, { code: CODE_WRONG });
      }
      if (user.disabled_at) throw new HttpError(403, 'account_disabled', ACCOUNT_DISABLED);
      // The code came to the address: it is the member's.
      if (!user.email_verified_at) {
        await app.db.updateTable('users').set({ email_verified_at: now }).where('id', '=', user.id).execute();
      }
      await failures.clear(address);
      const attempt = { account: address, userId: user.id, request };
      await loginGuard.accountReset(address);
      await loginGuard.succeeded(attempt, reply);
      await startSession(app, reply, user.id, remember);
      return { data: toUser(await findUserById(app.db, user.id)) };
    },
  );
}
