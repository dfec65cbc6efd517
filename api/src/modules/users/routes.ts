/**
 * The account calls of spec section 7: signup, login, logout, current user,
 * profile updates, photo, forgot and reset password. Every `{id}` or
 * `{userId}` must be the session's own user (403 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import {
  forgotPasswordSchema,
  loginSchema,
  signupSchema,
  updateBasicSchema,
  updateSecuritySchema,
  newPasswordSchema,
  yup,
  PASSWORD_MAX,
  RESET_TOKEN_MAX,
  messages,
} from '@ministry/shared/validation';
import {
  DeviceContract,
  ForgotPasswordBody,
  LoginBody,
  ResetPasswordBody,
  SignupBody,
  UpdateBasicBody,
  UpdateSecurityBody,
} from '@ministry/shared/contracts';
import { siteIdentity } from '@ministry/shared/config';
import { LIMITS } from '../../config.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { isCommonPassword } from '../../lib/commonPasswords.js';
import { byAccount, byAddress, byDevice, limitedBy } from '../../lib/limits.js';
import { assertKnownPlaces } from '../geo/places.js';
import { idParam } from '../../lib/ids.js';
import { greeting } from '../../lib/mailer.js';
import { verifyPassword } from '../../lib/passwords.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import {
  ACCOUNT_DISABLED,
  endAllSessions,
  endSession,
  renewSession,
  requireSelf,
  requireUser,
  sessionHashOf,
  startSession,
} from '../../plugins/session.js';
import { listDevices, signOutDevice, signOutOtherDevices } from './devices.js';
import { answerSchema, envelope, errors, listOf, okMessageAnswer, userSchema } from '../../schemas/entities.js';
import { createLoginGuard } from './loginGuard.js';
import {
  confirmationOwner,
  confirmationsSince,
  confirmEmail,
  createEmailConfirmation,
  type ConfirmationPurpose,
} from './emailConfirmation.js';
import { PHOTO_MAX_BYTES, removePhoto, storePhoto, NOT_AN_IMAGE } from './photos.js';
import {
  RESET_INVALID,
  assertChurchExists,
  consumeResetToken,
  isResetTokenUsable,
  countResetTokensSince,
  createResetToken,
  createUser,
  findUserByEmail,
  findUserById,
  normalizeEmail,
  setPhoto,
  toUser,
  updateBasicInfo,
  updateCredentials,
} from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const str = { type: 'string' } as const;
const userAnswer = envelope(userSchema);
const idPath = (name: string) => ({ type: 'object', required: [name], properties: { [name]: idParam } }) as const;

export const LOGIN_FAILED = 'Incorrect email or password, please try again.';
/** A sign-in held up by wrong passwords (the account's, or others' on this network): the page offers a code. */
export const SIGN_IN_HELD =
  'Too many wrong passwords have been tried from here. We can e-mail you a one-time code to sign in instead.';
/** Reset e-mails sent to one account per window by default (the links stay valid an hour). */
export const RESET_MAILS = {
  max: LIMITS.resetMailsPerAccount.max,
  windowMs: LIMITS.resetMailsPerAccount.minutes * 60_000,
};
const SEVERAL_LINKS = 'We have sent you several links in the last hour. Please use one of them, or try again later.';
const FORGOT_ANSWER = 'If an account uses this e-mail, we have sent it a link to choose a new password.';
export const SIGNUP_ANSWER = 'Check your e-mail: we have sent you a link to confirm your address and finish signing up.';
const CONFIRMED_ANSWER = 'Thank you: your e-mail address is confirmed.';

const resetSchema = newPasswordSchema.shape({
  token: yup.string().required(RESET_INVALID).max(RESET_TOKEN_MAX, RESET_INVALID),
});

export async function userRoutes(app: FastifyInstance): Promise<void> {
  // An account's own business; a new name or photo shows on the member's posts (below).
  writesChange(app, []);
  const mailer = app.mailer;
  const loginGuard = createLoginGuard(app);
  const afterReply = (what: string, task: () => Promise<unknown>) => app.afterReply.run(what, task);
  // Notes to an address's owner when someone signs up with it: a few an hour at most.
  const ownerNotes = app.limits('signupMailsPerEmail');
  const limits = app.config.limits;
  const now = () => app.clock.now();
  /** Confirmation links mailed to the account lately: at most a few (LIMIT_CONFIRMATION_MAILS_PER_ACCOUNT). */
  const mayMailConfirmation = async (userId: string) =>
    (await confirmationsSince(app.db, userId, new Date(now().getTime() - limits.confirmationMailsPerAccount.windowMs))) <
    limits.confirmationMailsPerAccount.max;

  /** Mails a confirmation link for `email` (a new account's address, or a new address asked for). */
  async function sendConfirmation(userId: string, firstname: string, email: string, purpose: ConfirmationPurpose): Promise<void> {
    const token = await createEmailConfirmation(app.db, userId, email, purpose);
    const link = `${app.config.publicUrl}/verify-email/${token}`;
    const why =
      purpose === 'verify'
        ? `Welcome to ${siteIdentity.ministryName}! Please confirm your e-mail address to finish signing up.`
        : 'Please confirm this new e-mail address for your account.';
    const action = purpose === 'verify' ? 'Confirm my address' : 'Confirm my new address';
    await mailer.send({
      to: email,
      subject: purpose === 'verify' ? 'Confirm your e-mail address' : 'Confirm your new e-mail address',
      text: `${greeting(firstname)}\n\n${why}\n\n${action}: ${link}\n\nThe link works once, for a day. If you did not ask for this, ignore this e-mail.\n`,
    });
  }

  /**
   * The same answer (202) whether or not the address has an account, given
   * before anything is looked up: a new address gets its confirmation link,
   * a known one a note to its owner.
   */
  app.post(
    '/signup',
    {
      ...checkedBody,
      schema: { body: SignupBody, response: { 202: okMessageAnswer, ...errors(400, 429) } },
      preHandler: limitedBy([
        ['signupsPerAddress', byAddress],
        ['signupsPerDevice', byDevice],
      ]),
    },
    async (request, reply) => {
      const input = assertKnownPlaces(await readBody(request, signupSchema));
      await assertChurchExists(app.db, input.church);
      afterReply('sign up', async () => {
        const existing = await findUserByEmail(app.db, input.email);
        if (existing) {
          if (await ownerNotes.isBlocked(existing.id)) return;
          await ownerNotes.fail(existing.id);
          await mailer.send({
            to: existing.email,
            subject: 'Someone tried to sign up with your address',
            text: `${greeting(existing.firstname)}\n\nSomeone (perhaps you) tried to create an account at ${siteIdentity.ministryName} with this e-mail address, which already has one. Nothing has changed.\n\nIf it was you, log in. Forgot your password? Choose a new one from the login page.\nLog in: ${app.config.publicUrl}/login\n\nIf it was not you, you can ignore this e-mail.\n`,
          });
          return;
        }
        const user = await createUser(app.db, { ...input, verified: false });
        await sendConfirmation(user._id, user.firstname, user.email, 'verify');
      });
      return reply.status(202).send({ data: { ok: true, message: SIGNUP_ANSWER } });
    },
  );

  app.post(
    '/login',
    {
      ...checkedBody,
      schema: { body: LoginBody, response: { 200: userAnswer, ...errors(400, 403, 429) } },
      preHandler: limitedBy([['loginsPerAddress', byAddress]]),
    },
    async (request, reply) => {
      // The answer, right or wrong, is this browser's alone.
      reply.header('Cache-Control', 'no-store');
      const { email, password } = await readBody(request, loginSchema);
      const remember = (request.body as { remember?: unknown }).remember !== false;
      const row = await findUserByEmail(app.db, email);
      const attempt = { account: normalizeEmail(email), userId: row?.id, request };
      const { held, known, slowed } = await loginGuard.admit(attempt);
      // Held up: the owner always has a way in, a code by e-mail (the page offers it on this code).
      if (held) throw new HttpError(429, 'sign_in_held', SIGN_IN_HELD);
      const ok = await verifyPassword(password, row?.password_hash);
      if (!row || !ok) {
        await loginGuard.failed(attempt, known);
        // Someone is guessing at this account: the page puts the code forward.
        throw slowed ? new HttpError(400, 'sign_in_slowed', LOGIN_FAILED) : badRequest(LOGIN_FAILED);
      }
      if (row.disabled_at) throw new HttpError(403, 'account_disabled', ACCOUNT_DISABLED);
      await loginGuard.succeeded({ ...attempt, userId: row.id }, reply);
      await startSession(app, reply, row.id, remember);
      return { data: toUser(row) };
    },
  );

  app.delete('/logout', { schema: { response: { 200: okMessageAnswer } } }, async (request, reply) => {
    await endSession(app, request, reply);
    return { data: { ok: true, message: 'You are logged out.' } };
  });

  /**
   * Who this browser's session belongs to: the page asks on every start and
   * whenever its tab comes back to the front; a 401 means signed out.
   */
  app.get('/me', { schema: { response: { 200: userAnswer, ...errors(401) } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const me = requireUser(request);
    return { data: toUser(await findUserById(app.db, me.id)) };
  });

  const devicesAnswer = envelope(listOf(answerSchema(DeviceContract)));

  /** Where the member is signed in (this device first). */
  app.get('/sessions', { schema: { response: { 200: devicesAnswer, ...errors(401) } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const me = requireUser(request);
    return { data: await listDevices(app.db, me.id, sessionHashOf(request), app.clock.now()) };
  });

  /** Signs out every other device; answers the list left (this device). */
  app.delete('/sessions', { schema: { response: { 200: devicesAnswer, ...errors(401) } } }, async (request) => {
    const me = requireUser(request);
    await signOutOtherDevices(app.db, me.id, sessionHashOf(request));
    return { data: await listDevices(app.db, me.id, sessionHashOf(request), app.clock.now()) };
  });

  /** Signs out one other device (this one signs out with Logout). */
  app.delete<{ Params: { sessionId: string } }>(
    '/sessions/:sessionId',
    {
      schema: {
        params: { type: 'object', required: ['sessionId'], properties: { sessionId: { type: 'string', maxLength: 64 } } },
        response: { 200: devicesAnswer, ...errors(401, 404) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      if (!(await signOutDevice(app.db, me.id, request.params.sessionId, sessionHashOf(request)))) throw notFound('That device');
      return { data: await listDevices(app.db, me.id, sessionHashOf(request), app.clock.now()) };
    },
  );

  app.get<{ Params: { token: string } }>(
    '/search/:token',
    { schema: { params: idPath('token'), response: { 200: userAnswer, ...errors(400, 401, 403) } } },
    async (request) => {
      const me = requireSelf(request, request.params.token);
      return { data: toUser(await findUserById(app.db, me.id)) };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/updateBasic/:id',
    {
      config: { changes: ['prayers', 'stories'] },
      ...checkedBody,
      schema: { params: idPath('id'), body: UpdateBasicBody, response: { 200: userAnswer, ...errors(400, 401, 403) } },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const fields = await readBody(request, updateBasicSchema);
      const input = assertKnownPlaces(fields, (await findUserById(app.db, request.params.id)).country);
      return { data: await updateBasicInfo(app.db, request.params.id, input) };
    },
  );

  app.put<{ Params: { userId: string } }>(
    '/updateSecurity/:userId',
    {
      ...checkedBody,
      schema: {
        params: idPath('userId'),
        body: UpdateSecurityBody,
        response: { 200: userAnswer, ...errors(400, 401, 403, 409, 429) },
      },
      // Each change checks the current password: a stolen session may not guess at it.
      preHandler: limitedBy([['securityChangesPerAccount', byAccount]]),
    },
    async (request, reply) => {
      const me = requireSelf(request, request.params.userId);
      const input = await readBody(request, updateSecuritySchema);
      const row = await findUserById(app.db, me.id);
      if (!(await verifyPassword(input.currentPassword, row.password_hash))) {
        const message = 'Your current password is not correct.';
        throw badRequest(message, { currentPassword: message });
      }
      const newEmail =
        input.email && normalizeEmail(input.email) !== normalizeEmail(row.email) ? normalizeEmail(input.email) : undefined;
      if (!newEmail && !input.password) throw badRequest(messages.nothingToChange, { password: messages.nothingToChange });
      if (newEmail && !(await mayMailConfirmation(me.id))) throw new HttpError(429, 'too_many_requests', SEVERAL_LINKS);
      let user = toUser(row);
      if (input.password) {
        user = await updateCredentials(app.db, me.id, { password: input.password });
        // A new password ends every session; this one starts afresh, kept as long as before.
        await renewSession(app, request, reply, me.id);
      }
      if (newEmail) {
        // The new address takes effect once its owner opens the link; the answer is the same if it has an account.
        afterReply('start an e-mail change', async () => {
          const owner = await findUserByEmail(app.db, newEmail);
          if (owner) {
            await mailer.send({
              to: owner.email,
              subject: 'Someone asked to use your address',
              text: `${greeting(owner.firstname)}\n\nSomeone asked to move another account at ${siteIdentity.ministryName} to this e-mail address, which already has an account. Nothing has changed.\n`,
            });
            return;
          }
          await sendConfirmation(me.id, row.firstname, newEmail, 'change');
          await mailer.send({
            to: row.email,
            subject: 'Your e-mail address is about to change',
            text: `${greeting(row.firstname)}\n\nSomeone signed in to your account asked to change its e-mail address to ${newEmail}. It changes once that address confirms it.\nIf this was not you, log in and change your password now.\n\nLog in: ${app.config.publicUrl}/login\n`,
          });
        });
      }
      return { data: { ...user, pendingEmail: newEmail ?? null } };
    },
  );

  /**
   * The link of a confirmation e-mail: confirms the address (or makes the new
   * one the account's) and signs the member in here. While someone else is
   * signed in on this browser, it asks first (409 `signed_in_as_other`, the
   * link left unused): opened by mistake, or sent by someone who wants this
   * browser in their account, it must not swap accounts unasked. With
   * `{ switchAccount: true }` the other session ends and the link goes on.
   */
  app.post(
    '/verify-email',
    {
      schema: {
        body: {
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string', maxLength: 100 }, switchAccount: { type: 'boolean' } },
        },
        response: { 200: envelope({ type: 'object', properties: { user: userSchema, message: str } }), ...errors(400, 409, 429) },
      },
      preHandler: limitedBy([['confirmationsPerAddress', byAddress]]),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { token, switchAccount } = request.body as { token: string; switchAccount?: boolean };
      const signedIn = request.sessionUser;
      if (signedIn) {
        const owner = await confirmationOwner(app.db, token);
        if (owner && owner !== signedIn.id) {
          if (!switchAccount) {
            const name = `${signedIn.firstname} ${signedIn.lastname}`.trim();
            throw new HttpError(
              409,
              'signed_in_as_other',
              `You are signed in as ${name}. This link is for another account: continuing signs you out and into that account.`,
            );
          }
          await endSession(app, request, reply);
          request.sessionUser = null;
        }
      }
      const confirmed = await confirmEmail(app.db, token);
      if (confirmed.purpose === 'change') {
        // New credentials: every other session ends.
        await endAllSessions(app.db, confirmed.userId);
        const previous = confirmed.previousEmail!;
        const row = await findUserById(app.db, confirmed.userId);
        afterReply('tell the old address of a change', () =>
          mailer.send({
            to: previous,
            subject: 'Your e-mail address was changed',
            text: `${greeting(row.firstname)}\n\nThe e-mail address of your account at ${siteIdentity.ministryName} is now ${confirmed.email}.\nIf this was not you, please write to ${siteIdentity.contact.email} at once.\n`,
          }),
        );
      }
      if (request.sessionUser?.id !== confirmed.userId || confirmed.purpose === 'change') {
        await startSession(app, reply, confirmed.userId, false);
      }
      const user = toUser(await findUserById(app.db, confirmed.userId));
      const message = confirmed.purpose === 'change' ? `Your e-mail address is now ${confirmed.email}.` : CONFIRMED_ANSWER;
      return { data: { user, message } };
    },
  );

  /** Another confirmation link for the signed-in member's address (a few an hour). */
  app.post(
    '/verify-email/resend',
    { schema: { response: { 200: okMessageAnswer, ...errors(401, 409, 429) } } },
    async (request) => {
      const me = requireUser(request);
      if (me.verified) throw conflict('Your e-mail address is already confirmed.');
      if (!(await mayMailConfirmation(me.id))) throw new HttpError(429, 'too_many_requests', SEVERAL_LINKS);
      await sendConfirmation(me.id, me.firstname, me.email, 'verify');
      return { data: { ok: true, message: `We have sent a new link to ${me.email}.` } };
    },
  );

  app.put<{ Params: { userId: string } }>(
    '/updatePhoto/:userId',
    {
      config: { changes: ['prayers', 'stories'] },
      schema: { params: idPath('userId'), response: { 200: userAnswer, ...errors(400, 401, 403, 413, 415) } },
    },
    async (request) => {
      const me = requireSelf(request, request.params.userId);
      if (!request.isMultipart()) throw badRequest(NOT_AN_IMAGE, { photo: NOT_AN_IMAGE });
      const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'photo') throw badRequest(NOT_AN_IMAGE, { photo: NOT_AN_IMAGE });
      const buffer = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'too_large', 'That picture is larger than 5 MB.', {
            photo: 'That picture is larger than 5 MB.',
          });
        }
        throw error;
      });
      const photo = await storePhoto(app.uploads, buffer);
      const before = await findUserById(app.db, me.id);
      const user = await setPhoto(app.db, me.id, photo);
      await removePhoto(app.uploads, before.photo);
      return { data: user };
    },
  );

  app.put<{ Params: { userId: string } }>(
    '/deletePhoto/:userId',
    {
      config: { changes: ['prayers', 'stories'] },
      schema: { params: idPath('userId'), response: { 200: userAnswer, ...errors(400, 401, 403) } },
    },
    async (request) => {
      const me = requireSelf(request, request.params.userId);
      const before = await findUserById(app.db, me.id);
      const user = await setPhoto(app.db, me.id, null);
      await removePhoto(app.uploads, before.photo);
      return { data: user };
    },
  );

  /**
   * The forms' question (sign-up, reset, profile): is this new password one
   * of the common or breached ones? The list stays on the server. A few
   * hundred questions per device, and a crowd's worth per address.
   */
  app.post(
    '/password-check',
    {
      schema: {
        body: {
          type: 'object',
          required: ['password'],
          properties: { password: { type: 'string', maxLength: PASSWORD_MAX } },
          additionalProperties: false,
        },
        response: { 200: envelope({ type: 'object', properties: { common: { type: 'boolean' } } }), ...errors(400, 429) },
      },
      preHandler: limitedBy([
        ['passwordChecksPerAddress', byAddress],
        ['passwordChecksPerDevice', byDevice],
      ]),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: { common: isCommonPassword((request.body as { password: string }).password) } };
    },
  );

  app.put(
    '/forgotpassword',
    {
      ...checkedBody,
      schema: { body: ForgotPasswordBody, response: { 200: okMessageAnswer, ...errors(400, 429) } },
      preHandler: limitedBy([
        ['resetRequestsPerAddress', byAddress],
        ['resetRequestsPerDevice', byDevice],
      ]),
    },
    async (request) => {
      const { email } = await readBody(request, forgotPasswordSchema);
      // Answered before the address is looked up: known and unknown addresses take the same time.
      afterReply('send a password reset e-mail', async () => {
        const row = await findUserByEmail(app.db, email);
        if (!row) return;
        // Per account, a few mails an hour at most, so nobody can flood a member's inbox.
        const { max, windowMs } = limits.resetMailsPerAccount;
        if ((await countResetTokensSince(app.db, row.id, new Date(now().getTime() - windowMs))) >= max) {
          app.log.info('password reset e-mail not sent: the hourly limit for this account is reached');
          return;
        }
        const token = await createResetToken(app.db, row.id);
        const link = `${app.config.publicUrl}/reset-password/${token}`;
        await mailer.send({
          to: row.email,
          subject: 'Choose a new password',
          text: `${greeting(row.firstname)}\n\nSomeone (we hope you) asked to reset the password of your account.\nChoose a new one within the hour.\n\nChoose a new password: ${link}\n\nThe link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
        });
      });
      return { data: { ok: true, message: FORGOT_ANSWER } };
    },
  );

  app.post(
    '/reset-password/check',
    {
      schema: {
        body: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100 } } },
        response: { 200: envelope({ type: 'object', properties: { valid: { type: 'boolean' } } }), ...errors(400, 429) },
      },
      preHandler: limitedBy([['resetsPerAddress', byAddress]]),
    },
    async (request) => {
      const { token } = request.body as { token: string };
      // The page asks before showing the form, so a dead link says so before anyone types a password.
      return { data: { valid: await isResetTokenUsable(app.db, token) } };
    },
  );

  app.post(
    '/reset-password',
    {
      ...checkedBody,
      schema: { body: ResetPasswordBody, response: { 200: okMessageAnswer, ...errors(400, 429) } },
      preHandler: limitedBy([['resetsPerAddress', byAddress]]),
    },
    async (request) => {
      const { token, password } = await readBody(request, resetSchema);
      const userId = await consumeResetToken(app.db, token, password);
      await endAllSessions(app.db, userId);
      // A member who proved they own the address is never held up by wrong passwords typed before.
      await loginGuard.accountReset(normalizeEmail((await findUserById(app.db, userId)).email));
      return { data: { ok: true, message: 'Your password has been changed. You can log in with it now.' } };
    },
  );
}

/** GET /socialuser/{part}: spec section 7, the signup page calls this for a long path parameter and ignores the answer. */
export async function socialUserRoutes(app: FastifyInstance): Promise<void> {
  // Signing in changes nothing a visitor sees.
  writesChange(app, []);
  app.get(
    '/:part',
    { schema: { params: { type: 'object', properties: { part: { type: 'string', maxLength: 200 } } } } },
    async (_request, reply) => reply.status(204).send(),
  );
}
