/**
 * The account calls of spec section 7: signup, login, logout, current user,
 * profile updates, photo, forgot and reset password. Every `{id}` or
 * `{userId}` must be the session's own user (403 otherwise).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  forgotPasswordSchema,
  loginSchema,
  signupSchema,
  updateBasicSchema,
  updateSecuritySchema,
  yup,
  PASSWORD_MIN,
  messages,
} from '@ministry/shared/validation';
import { HttpError, badRequest } from '../../lib/errors.js';
import { FailureCounter } from '../../lib/attempts.js';
import { idParam } from '../../lib/ids.js';
import { createMailer } from '../../lib/mailer.js';
import { verifyPassword } from '../../lib/passwords.js';
import { validateBody } from '../../lib/validate.js';
import { endAllSessions, endSession, requireSelf, startSession } from '../../plugins/session.js';
import { envelope, errors } from '../../schemas/entities.js';
import { PHOTO_MAX_BYTES, removePhoto, storePhoto, NOT_AN_IMAGE } from './photos.js';
import {
  RESET_INVALID,
  consumeResetToken,
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

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
export const userSchema = {
  type: 'object',
  properties: {
    _id: str,
    firstname: str,
    lastname: str,
    email: str,
    photo: strOrNull,
    birth_date: strOrNull,
    gender: strOrNull,
    civil_status: strOrNull,
    countryOfOrigin: strOrNull,
    country: strOrNull,
    city: strOrNull,
    church: strOrNull,
    seniority: { type: ['integer', 'null'] },
    source: strOrNull,
    role: str,
  },
} as const;
const userAnswer = envelope(userSchema);
const anyBody = { type: 'object' } as const;
const idPath = (name: string) => ({ type: 'object', required: [name], properties: { [name]: idParam } }) as const;
const okAnswer = envelope({ type: 'object', properties: { ok: { type: 'boolean' }, message: str } });

export const LOGIN_FAILED = 'Incorrect email or password, please try again.';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const FORGOT_ANSWER = 'If an account uses this e-mail, we have sent it a link to choose a new password.';

const resetSchema = yup.object({
  token: yup.string().required(RESET_INVALID).max(100, RESET_INVALID),
  password: yup.string().required('Required').min(PASSWORD_MIN, messages.passwordMin).max(200),
});

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const mailer = createMailer(app.config, (m) => app.log.info(m));
  const loginFailures = new FailureCounter(5, 15 * 60 * 1000);
  const perIp = (max: number, minutes: number) => ({
    rateLimit: { max, timeWindow: minutes * 60 * 1000, keyGenerator: (request: FastifyRequest) => request.ip },
  });

  app.post(
    '/api/user/signup',
    { schema: { body: anyBody, response: { 201: userAnswer, ...errors(400, 409, 429) } }, config: perIp(20, 15) },
    async (request, reply) => {
      const input = await validateBody(signupSchema, request.body);
      const user = await createUser(app.db, input);
      return reply.status(201).send({ data: user });
    },
  );

  app.post(
    '/api/user/login',
    { schema: { body: anyBody, response: { 200: userAnswer, ...errors(400, 429) } }, config: perIp(30, 15) },
    async (request, reply) => {
      const { email, password } = await validateBody(loginSchema, request.body);
      const remember = (request.body as { remember?: unknown }).remember !== false;
      const key = normalizeEmail(email);
      if (loginFailures.isBlocked(key)) throw new HttpError(429, 'too_many_requests', TOO_MANY);
      const row = await findUserByEmail(app.db, email);
      const ok = await verifyPassword(password, row?.password_hash);
      if (!row || !ok) {
        loginFailures.fail(key);
        throw badRequest(LOGIN_FAILED);
      }
      loginFailures.clear(key);
      await startSession(app, reply, row.id, remember);
      return { data: toUser(row) };
    },
  );

  app.delete('/api/user/logout', { schema: { response: { 200: okAnswer } } }, async (request, reply) => {
    await endSession(app, request, reply);
    return { data: { ok: true, message: 'You are logged out.' } };
  });

  app.get<{ Params: { token: string } }>(
    '/api/user/search/:token',
    { schema: { params: idPath('token'), response: { 200: userAnswer, ...errors(400, 401, 403) } } },
    async (request) => {
      const me = requireSelf(request, request.params.token);
      return { data: toUser(await findUserById(app.db, me.id)) };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/user/updateBasic/:id',
    { schema: { params: idPath('id'), body: anyBody, response: { 200: userAnswer, ...errors(400, 401, 403) } } },
    async (request) => {
      requireSelf(request, request.params.id);
      const input = await validateBody(updateBasicSchema, request.body);
      return { data: await updateBasicInfo(app.db, request.params.id, input) };
    },
  );

  app.put<{ Params: { userId: string } }>(
    '/api/user/updateSecurity/:userId',
    { schema: { params: idPath('userId'), body: anyBody, response: { 200: userAnswer, ...errors(400, 401, 403, 409, 429) } }, config: perIp(20, 15) },
    async (request, reply) => {
      const me = requireSelf(request, request.params.userId);
      const input = await validateBody(updateSecuritySchema, request.body);
      const row = await findUserById(app.db, me.id);
      if (!(await verifyPassword(input.currentPassword, row.password_hash))) {
        const message = 'Your current password is not correct.';
        throw badRequest(message, { currentPassword: message });
      }
      const user = await updateCredentials(app.db, me.id, input.email, input.password);
      // New credentials end every session, then this one starts afresh.
      await endAllSessions(app.db, me.id);
      await startSession(app, reply, me.id, true);
      return { data: user };
    },
  );

  app.put<{ Params: { userId: string } }>(
    '/api/user/updatePhoto/:userId',
    { schema: { params: idPath('userId'), response: { 200: userAnswer, ...errors(400, 401, 403, 413, 415) } } },
    async (request) => {
      const me = requireSelf(request, request.params.userId);
      if (!request.isMultipart()) throw badRequest(NOT_AN_IMAGE, { photo: NOT_AN_IMAGE });
      const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'photo') throw badRequest(NOT_AN_IMAGE, { photo: NOT_AN_IMAGE });
      const buffer = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'too_large', 'That picture is larger than 5 MB.', { photo: 'That picture is larger than 5 MB.' });
        }
        throw error;
      });
      const photo = await storePhoto(app.config.dataDir, buffer);
      const before = await findUserById(app.db, me.id);
      const user = await setPhoto(app.db, me.id, photo);
      await removePhoto(app.config.dataDir, before.photo);
      return { data: user };
    },
  );

  app.put<{ Params: { userId: string } }>(
    '/api/user/deletePhoto/:userId',
    { schema: { params: idPath('userId'), response: { 200: userAnswer, ...errors(400, 401, 403) } } },
    async (request) => {
      const me = requireSelf(request, request.params.userId);
      const before = await findUserById(app.db, me.id);
      const user = await setPhoto(app.db, me.id, null);
      await removePhoto(app.config.dataDir, before.photo);
      return { data: user };
    },
  );

  app.put(
    '/api/user/forgotpassword',
    { schema: { body: anyBody, response: { 200: okAnswer, ...errors(400, 429) } }, config: perIp(10, 15) },
    async (request) => {
      const { email } = await validateBody(forgotPasswordSchema, request.body);
      const row = await findUserByEmail(app.db, email);
      if (row) {
        const token = await createResetToken(app.db, row.id);
        const link = `${app.config.publicUrl}/reset-password/${token}`;
        const send = mailer.send({
          to: row.email,
          subject: 'Choose a new password',
          text: `Hello ${row.firstname},\n\nSomeone (we hope you) asked to reset the password of your account.\nChoose a new one here within the hour:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
        });
        // The answer must not reveal whether the account exists: do not wait for the mail server.
        send.catch((error: unknown) => app.log.error({ err: error }, 'could not send the password reset e-mail'));
      }
      return { data: { ok: true, message: FORGOT_ANSWER } };
    },
  );

  app.post(
    '/api/user/reset-password',
    { schema: { body: anyBody, response: { 200: okAnswer, ...errors(400, 429) } }, config: perIp(20, 15) },
    async (request) => {
      const { token, password } = await validateBody(resetSchema, request.body);
      const userId = await consumeResetToken(app.db, token, password);
      await endAllSessions(app.db, userId);
      return { data: { ok: true, message: 'Your password has been changed. You can log in with it now.' } };
    },
  );

  // Spec section 7: the signup page calls this for a long path parameter and ignores the answer.
  app.get('/socialuser/:part', { schema: { params: { type: 'object', properties: { part: { type: 'string', maxLength: 200 } } } } }, async (_request, reply) =>
    reply.status(204).send(),
  );
}
