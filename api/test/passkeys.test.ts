/**
 * Passkeys end to end through the API, with a software authenticator: ES256
 * keys from node:crypto, 'none' attestation, the authenticator data and
 * CBOR built here as a browser's authenticator would, so the server's
 * checks (challenge, origin, RP ID, signature, counter) run on real answers.
 */
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { strFromU8, unzipSync } from 'fflate';
import { PASSKEY_NOT_ACCEPTED, PASSKEY_UNKNOWN } from '../src/modules/passkeys/service.js';
import { KNOWN_DEVICE_COOKIE } from '../src/modules/users/loginGuard.js';
import { createMember, describeEachDatabase, json, limitsWith } from './helpers.js';

type Options = { data: { challenge: string; rp?: { id: string }; user?: { id: string }; rpId?: string } };
type Passkey = { _id: string; name: string; createdAt: string; lastUsedAt: string | null };

const b64 = (bytes: Uint8Array | Buffer): string => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** One credential of a software authenticator: its key pair, id and counter. */
class SoftAuthenticator {
  readonly id = randomBytes(16);
  readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;
  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  private authData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create's answer to `challenge`. */
  create(challenge: string, origin?: string) {
    const jwk = (this.keys.publicKey as KeyObject).export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, Buffer.from(isoCBOR.encode(cose))]);
    // User present, user verified, attested credential data.
    const authData = this.authData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get's answer to `challenge`, signed by this credential (its counter one more). */
  get(challenge: string, userId: string, options: { origin?: string; counter?: number } = {}) {
    this.counter = options.counter ?? this.counter + 1;
    const authData = this.authData(0x05);
    const clientDataJSON = this.clientData('webauthn.get', challenge, options.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: b64(Buffer.from(userId)),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}

describeEachDatabase(
  'passkeys',
  (ctx) => {
    let address = 0;
    /** A network address of its own per test: the per-address limits stay each test's. */
    const nextAddress = () => `203.0.113.${++address}`;
    const site = () => {
      const url = new URL(ctx().app.config.publicUrl);
      return { rpId: url.hostname, origin: url.origin };
    };
    const authenticator = () => new SoftAuthenticator(site().rpId, site().origin);

    const registerOptions = (app: FastifyInstance, cookie?: string) =>
      app.inject({ method: 'POST', url: '/api/user/passkeys/register/options', headers: cookie ? { cookie } : {} });
    const register = (app: FastifyInstance, cookie: string, name: string, response: unknown) =>
      app.inject({ method: 'POST', url: '/api/user/passkeys/register', headers: { cookie }, payload: { name, response } });
    const loginOptions = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/user/passkeys/login/options', remoteAddress });
    const signIn = (app: FastifyInstance, remoteAddress: string, response: unknown) =>
      app.inject({ method: 'POST', url: '/api/user/passkeys/login', remoteAddress, payload: { response } });

    /** A member with a passkey added through the API. */
    async function memberWithPasskey(name = 'My phone') {
      const { app } = ctx();
      const member = await createMember(app);
      const key = authenticator();
      const options = await registerOptions(app, member.cookie);
      assert.equal(options.statusCode, 200, options.body);
      const added = await register(app, member.cookie, name, key.create(json<Options>(options).data.challenge));
      assert.equal(added.statusCode, 200, added.body);
      return { member, key };
    }

    it('adds a passkey from a signed-in session, named; RP and user handle from the site and the account', async () => {
      const { app } = ctx();
      assert.equal((await registerOptions(app)).statusCode, 401);
      const member = await createMember(app);
      const options = await registerOptions(app, member.cookie);
      assert.equal(options.statusCode, 200, options.body);
      const { data } = json<Options>(options);
      assert.equal(data.rp!.id, site().rpId);
      assert.equal(isoBase64URL.toUTF8String(data.user!.id), member.id);
      const key = authenticator();
      const blank = await register(app, member.cookie, '   ', key.create(data.challenge));
      assert.equal(blank.statusCode, 400);
      // The blank name was refused before the challenge was spent.
      const added = await register(app, member.cookie, '  Kitchen   laptop ', key.create(data.challenge));
      assert.equal(added.statusCode, 200, added.body);
      const list = json<{ data: Passkey[] }>(added).data;
      assert.equal(list.length, 1);
      assert.equal(list[0]!.name, 'Kitchen laptop');
      assert.equal(list[0]!._id, b64(key.id));
      assert.equal(list[0]!.lastUsedAt, null);
      // The same challenge works once.
      assert.equal((await register(app, member.cookie, 'Again', authenticator().create(data.challenge))).statusCode, 400);
      const listed = await app.inject({ url: '/api/user/passkeys', headers: { cookie: member.cookie } });
      assert.deepEqual(json<{ data: Passkey[] }>(listed).data, list);
      assert.equal((await app.inject({ url: '/api/user/passkeys' })).statusCode, 401);
    });

    it('refuses a registration for a challenge not given, another member’s, another origin or a used one', async () => {
      const { app } = ctx();
      const member = await createMember(app);
      const other = await createMember(app);
      const made = b64(randomBytes(32));
      assert.equal((await register(app, member.cookie, 'Phone', authenticator().create(made))).statusCode, 400);
      const othersChallenge = json<Options>(await registerOptions(app, other.cookie)).data.challenge;
      assert.equal((await register(app, member.cookie, 'Phone', authenticator().create(othersChallenge))).statusCode, 400);
      const challenge = json<Options>(await registerOptions(app, member.cookie)).data.challenge;
      const foreign = authenticator().create(challenge, 'https://evil.example');
      assert.equal((await register(app, member.cookie, 'Phone', foreign)).statusCode, 400);
      // Spent by the refused answer: a right answer to it now fails too.
      assert.equal((await register(app, member.cookie, 'Phone', authenticator().create(challenge))).statusCode, 400);
      const list = await app.inject({ url: '/api/user/passkeys', headers: { cookie: member.cookie } });
      assert.deepEqual(json<{ data: Passkey[] }>(list).data, []);
    });

    it('signs in with a passkey as the password does: the session cookie, the device, the same answer', async () => {
      const { app } = ctx();
      const { member, key } = await memberWithPasskey();
      const from = nextAddress();
      const options = await loginOptions(app, from);
      assert.equal(options.statusCode, 200, options.body);
      assert.equal(json<Options>(options).data.rpId, site().rpId);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/passkeys/login',
        remoteAddress: from,
        headers: {
          'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
        },
        payload: { response: key.get(json<Options>(options).data.challenge, member.id) },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      const password = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: member.email, password: member.password },
      });
      assert.deepEqual(
        Object.keys(json<{ data: object }>(res).data).sort(),
        Object.keys(json<{ data: object }>(password).data).sort(),
      );
      assert.equal(json<{ data: { _id: string } }>(res).data._id, member.id);
      const sid = res.cookies.find((c) => c.name === 'sid');
      assert.ok(sid?.httpOnly, 'the session cookie');
      assert.ok(
        res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE),
        'this device is known',
      );
      const cookie = `sid=${sid.value}`;
      const me = await app.inject({ url: '/api/user/me', headers: { cookie } });
      assert.equal(json<{ data: { _id: string } }>(me).data._id, member.id);
      const devices = json<{ data: { browser: string; thisDevice: boolean }[] }>(
        await app.inject({ url: '/api/user/sessions', headers: { cookie } }),
      ).data;
      assert.deepEqual(
        devices.filter((d) => d.thisDevice).map((d) => d.browser),
        ['Safari'],
      );
      const list = json<{ data: Passkey[] }>(await app.inject({ url: '/api/user/passkeys', headers: { cookie } })).data;
      assert.ok(list[0]!.lastUsedAt, 'its last use is kept');
    });

    it('refuses a sign-in for a challenge not given, a used one, another origin, a wrong signature or counter', async () => {
      const { app } = ctx();
      const { member, key } = await memberWithPasskey();
      const from = nextAddress();
      const made = await signIn(app, from, key.get(b64(randomBytes(32)), member.id));
      assert.equal(made.statusCode, 400);
      assert.equal(json<{ error: { message: string } }>(made).error.message, PASSKEY_NOT_ACCEPTED);

      let challenge = json<Options>(await loginOptions(app, from)).data.challenge;
      assert.equal((await signIn(app, from, key.get(challenge, member.id, { origin: 'https://evil.example' }))).statusCode, 400);
      // That challenge is spent.
      assert.equal((await signIn(app, from, key.get(challenge, member.id))).statusCode, 400);

      challenge = json<Options>(await loginOptions(app, from)).data.challenge;
      const forged = key.get(challenge, member.id);
      forged.response.signature = b64(sign('sha256', Buffer.from('something else'), key.keys.privateKey));
      assert.equal((await signIn(app, from, forged)).statusCode, 400);

      challenge = json<Options>(await loginOptions(app, from)).data.challenge;
      const good = key.get(challenge, member.id, { counter: 10 });
      assert.equal((await signIn(app, from, good)).statusCode, 200);
      // The same answer again: its challenge is spent.
      assert.equal((await signIn(app, from, good)).statusCode, 400);
      // A counter that went back (a cloned authenticator) is refused.
      challenge = json<Options>(await loginOptions(app, from)).data.challenge;
      assert.equal((await signIn(app, from, key.get(challenge, member.id, { counter: 10 }))).statusCode, 400);
      challenge = json<Options>(await loginOptions(app, from)).data.challenge;
      assert.equal((await signIn(app, from, key.get(challenge, member.id, { counter: 11 }))).statusCode, 200);
      const stored = await app.db
        .selectFrom('passkeys')
        .select('counter')
        .where('id', '=', b64(key.id))
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.counter), 11);

      // Another account's user handle on this passkey is refused.
      challenge = json<Options>(await loginOptions(app, from)).data.challenge;
      assert.equal((await signIn(app, from, key.get(challenge, 'someone-else'))).statusCode, 400);

      // An expired challenge.
      challenge = json<Options>(await loginOptions(app, from)).data.challenge;
      const started = app.clock.now().getTime();
      app.clock.setNow(new Date(started + 6 * 60_000));
      try {
        assert.equal((await signIn(app, from, key.get(challenge, member.id))).statusCode, 400);
      } finally {
        app.clock.setNow(new Date(started));
      }
    });

    it('renames and removes one’s own passkeys only; a removed passkey signs in no more', async () => {
      const { app } = ctx();
      const { member, key } = await memberWithPasskey();
      const other = await createMember(app);
      const id = encodeURIComponent(b64(key.id));
      const url = `/api/user/passkeys/${id}`;
      assert.equal((await app.inject({ method: 'DELETE', url, headers: { cookie: other.cookie } })).statusCode, 404);
      assert.equal(
        (await app.inject({ method: 'PUT', url, headers: { cookie: other.cookie }, payload: { name: 'Mine now' } })).statusCode,
        404,
      );
      assert.equal((await app.inject({ method: 'DELETE', url })).statusCode, 401);
      const renamed = await app.inject({
        method: 'PUT',
        url,
        headers: { cookie: member.cookie },
        payload: { name: 'Work phone' },
      });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal(json<{ data: Passkey[] }>(renamed).data[0]!.name, 'Work phone');
      const tooLong = await app.inject({
        method: 'PUT',
        url,
        headers: { cookie: member.cookie },
        payload: { name: 'x'.repeat(61) },
      });
      assert.equal(tooLong.statusCode, 400);

      const removed = await app.inject({ method: 'DELETE', url, headers: { cookie: member.cookie } });
      assert.equal(removed.statusCode, 200, removed.body);
      assert.deepEqual(json<{ data: Passkey[] }>(removed).data, []);
      const from = nextAddress();
      const challenge = json<Options>(await loginOptions(app, from)).data.challenge;
      const refused = await signIn(app, from, key.get(challenge, member.id));
      assert.equal(refused.statusCode, 400);
      assert.equal(json<{ error: { message: string } }>(refused).error.message, PASSKEY_UNKNOWN);
    });

    it('limits sign-in steps per network address and changes per member, one member’s use never another’s', async () => {
      const { app } = ctx();
      const from = nextAddress();
      const max = app.config.limits.passkeySignInsPerAddress.max;
      for (let i = 0; i < max; i += 1) assert.equal((await loginOptions(app, from)).statusCode, 200);
      assert.equal((await loginOptions(app, from)).statusCode, 429);
      assert.equal((await loginOptions(app, nextAddress())).statusCode, 200);

      const member = await createMember(app);
      const other = await createMember(app);
      const changes = app.config.limits.passkeyChangesPerAccount.max;
      for (let i = 0; i < changes; i += 1) assert.equal((await registerOptions(app, member.cookie)).statusCode, 200);
      assert.equal((await registerOptions(app, member.cookie)).statusCode, 429);
      assert.equal((await registerOptions(app, other.cookie)).statusCode, 200);
    });

    it('exports passkeys by name and dates, never their keys; deleting the account removes them', async () => {
      const { app } = ctx();
      const { member, key } = await memberWithPasskey('Garden tablet');
      const zip = await app.inject({ url: '/api/user/export', headers: { cookie: member.cookie } });
      assert.equal(zip.statusCode, 200);
      const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['data.json']!)) as {
        passkeys: Record<string, unknown>[];
      };
      assert.equal(data.passkeys.length, 1);
      assert.equal(data.passkeys[0]!.name, 'Garden tablet');
      assert.ok(data.passkeys[0]!.createdAt);
      const text = JSON.stringify(data);
      const stored = await app.db
        .selectFrom('passkeys')
        .select('public_key')
        .where('id', '=', b64(key.id))
        .executeTakeFirstOrThrow();
      assert.ok(!text.includes(stored.public_key), 'no public key');
      assert.ok(!text.includes(b64(key.id)), 'no credential id');

      await registerOptions(app, member.cookie);
      const gone = await app.inject({
        method: 'DELETE',
        url: '/api/user/me',
        headers: { cookie: member.cookie },
        payload: { password: member.password, posts: 'delete' },
      });
      assert.equal(gone.statusCode, 200, gone.body);
      const left = await app.db.selectFrom('passkeys').select('id').where('user_id', '=', member.id).execute();
      assert.deepEqual(left, []);
      const challenges = await app.db
        .selectFrom('passkey_challenges')
        .select('challenge')
        .where('user_id', '=', member.id)
        .execute();
      assert.deepEqual(challenges, []);
      const from = nextAddress();
      const challenge = json<Options>(await loginOptions(app, from)).data.challenge;
      assert.equal((await signIn(app, from, key.get(challenge, member.id))).statusCode, 400);
    });
  },
  { config: { limits: limitsWith({ passkeySignInsPerAddress: 30, passkeyChangesPerAccount: 6 }) } },
);
