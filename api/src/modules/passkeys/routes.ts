/**
 * Passkeys, under /api/user:
 * - POST /passkeys/register/options, then POST /passkeys/register
 *   `{ name, response }`: the signed-in member adds a passkey;
 * - GET /passkeys; PUT /passkeys/{passkeyId} `{ name }`; DELETE
 *   /passkeys/{passkeyId}: their passkeys, renamed or removed (their own only);
 * - POST /passkeys/login/options, then POST /passkeys/login
 *   `{ response, remember? }`: signs in exactly as the password does (the
 *   same session cookie and device record, the same answer).
 * Adding, renaming and removing count per account
 * (LIMIT_PASSKEY_CHANGES_PER_ACCOUNT); signing in per network address and
 * per device (LIMIT_PASSKEY_SIGN_INS_PER_*). No password limit blocks a
 * passkey: it cannot be guessed.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { PasskeyContract } from '@ministry/shared/contracts';
import { HttpError } from '../../lib/errors.js';
import { byAccount, byAddress, byDevice, limitedBy } from '../../lib/limits.js';
import { ACCOUNT_DISABLED, requireUser, startSession } from '../../plugins/session.js';
import { answerSchema, envelope, errors, listOf, userSchema } from '../../schemas/entities.js';
import { createLoginGuard } from '../users/loginGuard.js';
import { findUserById, normalizeEmail, toUser } from '../users/service.js';
import {
  authenticateWithPasskey,
  authenticationOptions,
  listPasskeys,
  passkeyName,
  PASSKEY_NAME_MAX,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
} from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const str = { type: 'string', maxLength: 2048 } as const;
const b64 = { type: 'string', maxLength: 65_536 } as const;
/** What the browser's WebAuthn calls answer (as @simplewebauthn/browser sends them). */
const credentialSchema = (response: object) =>
  ({
    type: 'object',
    required: ['id', 'rawId', 'type', 'response'],
    properties: {
      id: str,
      rawId: str,
      type: { type: 'string', enum: ['public-key'] },
      response,
      authenticatorAttachment: { type: 'string', maxLength: 40 },
      clientExtensionResults: { type: 'object' },
    },
    additionalProperties: false,
  }) as const;
const registrationSchema = credentialSchema({
  type: 'object',
  required: ['clientDataJSON', 'attestationObject'],
  properties: {
    clientDataJSON: b64,
    attestationObject: b64,
    authenticatorData: b64,
    publicKey: b64,
    publicKeyAlgorithm: { type: 'integer' },
    transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 40 } },
  },
  additionalProperties: false,
});
const authenticationSchema = credentialSchema({
  type: 'object',
  required: ['clientDataJSON', 'authenticatorData', 'signature'],
  properties: {
    clientDataJSON: b64,
    authenticatorData: b64,
    signature: b64,
    userHandle: { type: 'string', maxLength: 1024 },
  },
  additionalProperties: false,
});
const nameSchema = { type: 'string', maxLength: PASSKEY_NAME_MAX * 4 } as const;
const passkeysAnswer = envelope(listOf(answerSchema(PasskeyContract)));
/** The options for navigator.credentials (their shape is WebAuthn's). */
const optionsAnswer = envelope({ type: 'object', additionalProperties: true });
const passkeyParams = {
  type: 'object',
  required: ['passkeyId'],
  properties: { passkeyId: { type: 'string', minLength: 1, maxLength: 1024 } },
} as const;
const CHANGES_USED = 'You have changed your passkeys many times in the last hour. Please try again later.';

export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  // A member's passkeys are theirs alone.
  writesChange(app, []);
  const rp = relyingPartyOf(app.config.publicUrl);
  const loginGuard = createLoginGuard(app);
  const changes = limitedBy([['passkeyChangesPerAccount', byAccount]], CHANGES_USED);
  const signIns = limitedBy([
    ['passkeySignInsPerAddress', byAddress],
    ['passkeySignInsPerDevice', byDevice],
  ]);

  app.get('/passkeys', { schema: { response: { 200: passkeysAnswer, ...errors(401) } } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const me = requireUser(request);
    return { data: await listPasskeys(app.db, me.id) };
  });

  app.post(
    '/passkeys/register/options',
    { schema: { response: { 200: optionsAnswer, ...errors(400, 401, 429) } }, preHandler: changes },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const me = requireUser(request);
      return { data: await registrationOptions(app.db, rp, me, app.clock.now()) };
    },
  );

  app.post<{ Body: { name: string; response: RegistrationResponseJSON } }>(
    '/passkeys/register',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name', 'response'],
          properties: { name: nameSchema, response: registrationSchema },
          additionalProperties: false,
        },
        response: { 200: passkeysAnswer, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const me = requireUser(request);
      const name = passkeyName(request.body.name);
      await registerPasskey(app.db, rp, me.id, request.body.response, name, app.clock.now());
      return { data: await listPasskeys(app.db, me.id) };
    },
  );

  app.put<{ Params: { passkeyId: string }; Body: { name: string } }>(
    '/passkeys/:passkeyId',
    {
      schema: {
        params: passkeyParams,
        body: { type: 'object', required: ['name'], properties: { name: nameSchema }, additionalProperties: false },
        response: { 200: passkeysAnswer, ...errors(400, 401, 404, 429) },
      },
      preHandler: changes,
    },
    async (request) => {
      const me = requireUser(request);
      await renamePasskey(app.db, me.id, request.params.passkeyId, passkeyName(request.body.name));
      return { data: await listPasskeys(app.db, me.id) };
    },
  );

  app.delete<{ Params: { passkeyId: string } }>(
    '/passkeys/:passkeyId',
    { schema: { params: passkeyParams, response: { 200: passkeysAnswer, ...errors(401, 404, 429) } }, preHandler: changes },
    async (request) => {
      const me = requireUser(request);
      await removePasskey(app.db, me.id, request.params.passkeyId);
      return { data: await listPasskeys(app.db, me.id) };
    },
  );

  app.post(
    '/passkeys/login/options',
    { schema: { response: { 200: optionsAnswer, ...errors(429) } }, preHandler: signIns },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await authenticationOptions(app.db, rp, app.clock.now()) };
    },
  );

  app.post<{ Body: { response: AuthenticationResponseJSON; remember?: boolean } }>(
    '/passkeys/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['response'],
          properties: { response: authenticationSchema, remember: { type: 'boolean' } },
          additionalProperties: false,
        },
        response: { 200: envelope(userSchema), ...errors(400, 403, 429) },
      },
      preHandler: signIns,
    },
    async (request, reply) => {
      // The answer, right or wrong, is this browser's alone.
      reply.header('Cache-Control', 'no-store');
      const userId = await authenticateWithPasskey(app.db, rp, request.body.response, app.clock.now());
      const row = await findUserById(app.db, userId);
      if (row.disabled_at) throw new HttpError(403, 'account_disabled', ACCOUNT_DISABLED);
      await loginGuard.succeeded({ account: normalizeEmail(row.email), userId: row.id, request }, reply);
      await startSession(app, reply, row.id, request.body.remember !== false);
      return { data: toUser(row) };
    },
  );
}
