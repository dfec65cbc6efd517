/**
 * Passkeys (WebAuthn): a member adds them from the profile, and signs in
 * with one instead of a password. The relying party is the site's public
 * address (PUBLIC_URL): its host name is the passkeys' RP ID, its origin the
 * only one whose answers count. Challenges are kept here, CHALLENGE_MINUTES,
 * and each is used once, whatever the answer.
 */
import type { Kysely } from 'kysely';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { siteIdentity } from '@ministry/shared/config';
import type { Passkey } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { badRequest, notFound } from '../../lib/errors.js';

/** The WebAuthn library, loaded with the first passkey call (most processes never make one). */
const webauthn = async () => {
  const [server, helpers] = await Promise.all([import('@simplewebauthn/server'), import('@simplewebauthn/server/helpers')]);
  return { ...server, ...helpers };
};

/** How long a challenge may be answered. */
export const CHALLENGE_MINUTES = 5;
/** Passkeys one member may keep. */
export const PASSKEYS_MAX = 20;
export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_NOT_ACCEPTED =
  'This passkey could not be checked. Please try again, or sign in with your password or a code by e-mail.';
export const PASSKEY_UNKNOWN =
  'This passkey is not one of this site’s: it may have been removed. Sign in with your password or a code by e-mail.';

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party of a site at `publicUrl`. */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: siteIdentity.ministryName };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export async function listPasskeys(db: Kysely<Database>, userId: string): Promise<Passkey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'backed_up'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    createdAt: iso(r.created_at)!,
    lastUsedAt: iso(r.last_used_at),
    backedUp: r.backed_up,
  }));
}

/** A passkey's name as the member typed it: trimmed, one line, not empty, not too long. */
export function passkeyName(name: unknown): string {
  const clean = typeof name === 'string' ? name.replace(/\s+/g, ' ').trim() : '';
  if (!clean) throw badRequest('Please give this passkey a name, e.g. “My phone”.', { name: 'Please give this passkey a name.' });
  if (clean.length > PASSKEY_NAME_MAX) {
    const message = `A passkey’s name has at most ${PASSKEY_NAME_MAX} characters.`;
    throw badRequest(message, { name: message });
  }
  return clean;
}

async function keepChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: string | null,
  now: Date,
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', now).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge,
      purpose,
      user_id: userId,
      expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
      created_at: now,
    })
    .execute();
}

/** Spends a challenge the site gave for `purpose` (and, for a registration, to `userId`): true once, while it is valid. */
async function spendChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: string | null,
  now: Date,
): Promise<boolean> {
  let query = db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now);
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  return (await query.returning('challenge').executeTakeFirst()) !== undefined;
}

const transportsOf = (stored: string): AuthenticatorTransport[] =>
  stored ? (stored.split(',') as AuthenticatorTransport[]) : [];

/** The options a browser needs to create a passkey for the member (their passkeys excluded). */
export async function registrationOptions(
  db: Kysely<Database>,
  rp: RelyingParty,
  user: { id: string; email: string; firstname: string; lastname: string },
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', user.id).execute();
  if (existing.length >= PASSKEYS_MAX) {
    throw badRequest(`You have ${PASSKEYS_MAX} passkeys already: remove one you no longer use first.`);
  }
  const { generateRegistrationOptions, isoUint8Array } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.firstname} ${user.lastname}`.trim() || user.email,
    // The user handle: the account's id (no address or name in it).
    userID: isoUint8Array.fromUTF8String(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(db, options.challenge, 'register', user.id, now);
  return options;
}

/** Checks the browser's answer to a registration challenge and keeps the new passkey. */
export async function registerPasskey(
  db: Kysely<Database>,
  rp: RelyingParty,
  userId: string,
  response: RegistrationResponseJSON,
  name: string,
  now: Date,
): Promise<Passkey> {
  const { verifyRegistrationResponse, isoBase64URL } = await webauthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => spendChallenge(db, challenge, 'register', userId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest('This passkey could not be added. Please try again.');
  }
  if (!verification.verified) throw badRequest('This passkey could not be added. Please try again.');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const taken = await db.selectFrom('passkeys').select('user_id').where('id', '=', credential.id).executeTakeFirst();
  if (taken) throw badRequest('This passkey is added already.');
  await db
    .insertInto('passkeys')
    .values({
      id: credential.id,
      user_id: userId,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (response.response.transports ?? credential.transports ?? []).join(','),
      device_type: credentialDeviceType,
      backed_up: credentialBackedUp,
      name,
      created_at: now,
    })
    .execute();
  return (await listPasskeys(db, userId)).find((p) => p._id === credential.id)!;
}

/** The options a browser needs to sign in with any passkey of this site (the browser offers the member's). */
export async function authenticationOptions(
  db: Kysely<Database>,
  rp: RelyingParty,
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(db, options.challenge, 'authenticate', null, now);
  return options;
}

/**
 * Checks a passkey's answer to a sign-in challenge: the member's id when it
 * is right (the passkey's counter and last use are kept), else a 400.
 */
export async function authenticateWithPasskey(
  db: Kysely<Database>,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<string> {
  const passkey = await db.selectFrom('passkeys').selectAll().where('id', '=', response.id).executeTakeFirst();
  if (!passkey) throw badRequest(PASSKEY_UNKNOWN);
  const { verifyAuthenticationResponse, isoBase64URL } = await webauthn();
  // A user handle, when the authenticator gives one, must be the passkey's owner.
  const handle = response.response.userHandle;
  if (handle && isoBase64URL.toUTF8String(handle) !== passkey.user_id) throw badRequest(PASSKEY_NOT_ACCEPTED);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => spendChallenge(db, challenge, 'authenticate', null, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(PASSKEY_NOT_ACCEPTED);
  }
  if (!verification.verified) throw badRequest(PASSKEY_NOT_ACCEPTED);
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: now, backed_up: credentialBackedUp })
    .where('id', '=', passkey.id)
    .execute();
  return passkey.user_id;
}

export async function renamePasskey(db: Kysely<Database>, userId: string, passkeyId: string, name: string): Promise<void> {
  const done = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!done) throw notFound('That passkey');
}

export async function removePasskey(db: Kysely<Database>, userId: string, passkeyId: string): Promise<void> {
  const done = await db
    .deleteFrom('passkeys')
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!done) throw notFound('That passkey');
}
