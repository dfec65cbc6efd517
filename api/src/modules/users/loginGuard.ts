/**
 * Password guessing is slowed without letting anyone lock a member out:
 * - wrong passwords count per account *and address*: five from one address
 *   stop that address for that account only (429), never the owner elsewhere;
 * - wrong passwords count per address over all accounts
 *   (LIMIT_LOGIN_FAILURES_PER_ADDRESS), against one address trying many
 *   accounts: past them, that address gets one attempt every few seconds,
 *   never none, so a church network shared with a guesser is slowed, not
 *   locked out (sized for a congregation's typos);
 * - wrong passwords count per account over all addresses: past a few, every
 *   further attempt on it waits a little longer (up to a few seconds), so
 *   guessing from many addresses crawls while the owner still gets in;
 * - a device the member signed in from before (a cookie, kept hashed in
 *   `known_devices`) is exempt from all three: a network shared with an
 *   attacker, or an attack on the account, never holds that member up;
 * - whoever is held up (a new device behind an address a guesser shares)
 *   is offered a one-time code by e-mail instead (signInCodes), which no
 *   password limit blocks;
 * - a password reset, or a one-time code, clears the account's counts.
 * The counts are kept in memory, or in Redis when several processes run
 * (REDIS_URL), so they hold across them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The counts per account, per address, per account and address and per device are settings (config.ts, LIMITS). */
export const LOGIN_LIMITS = {
  /** Wrong passwords on one account (all addresses) before attempts on it are slowed. */
  slowAfterAccountFailures: 10,
  /** The longest an attempt is slowed. */
  maxDelayMs: 4000,
  /** Past its failures, how often an address may still try (any account). */
  overBudgetIntervalMs: 5000,
  windowMs: 15 * 60 * 1000,
};

/** Why an attempt may not go on now: the owner is offered a one-time code instead. */
export type Held = 'account_and_address' | 'address' | 'device';

export const KNOWN_DEVICE_COOKIE = 'kd';
const KNOWN_DEVICE_DAYS = 180;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoginAttempt {
  /** The account's normalized e-mail. */
  account: string;
  /** The account's id when it exists. */
  userId: string | undefined;
  request: FastifyRequest;
}

export function createLoginGuard(app: FastifyInstance) {
  const perAccountAndAddress = app.limits('loginFailuresPerAccountAndAddress');
  const perAddress = app.limits('loginFailuresPerAddress');
  const perAccount = app.failureCounters('login-account', Number.MAX_SAFE_INTEGER, LOGIN_LIMITS.windowMs);
  const perDevice = app.limits('loginFailuresPerDevice');
  const now = () => app.clock.now().getTime();
  /** When each address past its failures was last let through (in Redis when several processes run). */
  const overBudgetAdmitted = new Map<string, number>();

  /** An address past its failures may try once every few seconds (one at a time, whoever asks first). */
  async function admitOverBudget(ip: string): Promise<boolean> {
    if (app.redis) {
      const taken = await app.redis.client.set(
        `${app.redis.prefix}login-slot:${ip}`,
        '1',
        'PX',
        LOGIN_LIMITS.overBudgetIntervalMs,
        'NX',
      );
      return taken === 'OK';
    }
    const at = now();
    if (at - (overBudgetAdmitted.get(ip) ?? 0) < LOGIN_LIMITS.overBudgetIntervalMs) return false;
    overBudgetAdmitted.delete(ip);
    overBudgetAdmitted.set(ip, at);
    if (overBudgetAdmitted.size > 50_000) overBudgetAdmitted.delete(overBudgetAdmitted.keys().next().value!);
    return true;
  }

  const deviceToken = (request: FastifyRequest): string | undefined => {
    const token = request.cookies[KNOWN_DEVICE_COOKIE];
    return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
  };

  async function isKnownDevice(request: FastifyRequest, userId: string | undefined): Promise<boolean> {
    const token = deviceToken(request);
    if (!token || !userId) return false;
    const row = await app.db
      .selectFrom('known_devices')
      .select('user_id')
      .where('token_hash', '=', hash(token))
      .where('expires_at', '>', new Date(now()))
      .executeTakeFirst();
    return row?.user_id === userId;
  }

  const pairKey = (attempt: LoginAttempt) => `${attempt.account}|${attempt.request.ip}`;

  return {
    /**
     * Before the password is checked: whether this attempt may go on (`held`
     * says why not: answer 429 and offer a code), after waiting the
     * account's slow-down (`slowed`: the account is under attack, so the
     * owner is offered a code as well).
     */
    async admit(attempt: LoginAttempt): Promise<{ held?: Held; known: boolean; slowed: boolean }> {
      if (await isKnownDevice(attempt.request, attempt.userId)) {
        const blocked = await perDevice.isBlocked(hash(deviceToken(attempt.request)!));
        return { held: blocked ? 'device' : undefined, known: true, slowed: false };
      }
      if (await perAccountAndAddress.isBlocked(pairKey(attempt)))
        return { held: 'account_and_address', known: false, slowed: false };
      if ((await perAddress.isBlocked(attempt.request.ip)) && !(await admitOverBudget(attempt.request.ip)))
        return { held: 'address', known: false, slowed: false };
      const excess = (await perAccount.count(attempt.account)) - LOGIN_LIMITS.slowAfterAccountFailures;
      if (excess >= 0) await sleep(Math.min(LOGIN_LIMITS.maxDelayMs, 250 * 2 ** Math.min(excess, 5)));
      return { known: false, slowed: excess >= 0 };
    },

    async failed(attempt: LoginAttempt, known: boolean): Promise<void> {
      if (known) {
        await perDevice.fail(hash(deviceToken(attempt.request)!));
        return;
      }
      await Promise.all([
        perAccountAndAddress.fail(pairKey(attempt)),
        perAddress.fail(attempt.request.ip),
        perAccount.fail(attempt.account),
      ]);
    },

    /** The right password: this address's count for the account starts again, and the device is remembered. */
    async succeeded(attempt: LoginAttempt & { userId: string }, reply: FastifyReply): Promise<void> {
      await perAccountAndAddress.clear(pairKey(attempt));
      const existing = deviceToken(attempt.request);
      if (existing) await app.db.deleteFrom('known_devices').where('token_hash', '=', hash(existing)).execute();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now() + KNOWN_DEVICE_DAYS * 86_400_000);
      await app.db.deleteFrom('known_devices').where('expires_at', '<', new Date(now())).execute();
      await app.db
        .insertInto('known_devices')
        .values({ token_hash: hash(token), user_id: attempt.userId, expires_at: expiresAt })
        .execute();
      reply.setCookie(KNOWN_DEVICE_COOKIE, token, {
        path: '/api/user/login',
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.secureCookies,
        expires: expiresAt,
      });
    },

    /** A password reset or a one-time code: the account's counts go, from every address. */
    async accountReset(account: string): Promise<void> {
      await Promise.all([perAccount.clear(account), perAccountAndAddress.clearPrefix(`${account}|`)]);
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
