/** Settings from the environment, read once at start. */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PasswordHashCost } from './lib/passwords.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface AppConfig {
  port: number;
  host: string;
  /** A PostgreSQL URL; unset means the embedded PGlite database. */
  databaseUrl?: string;
  /**
   * Redis (REDIS_URL), for several server processes: rate limits and failed
   * logins counted together, caches cleared on every process at once.
   */
  redisUrl?: string;
  /** What every Redis key and channel of this site starts with (REDIS_PREFIX, default `ministry:`): several sites may share one Redis. */
  redisPrefix: string;
  /** How often expired seat holds are released and refunds retried (HOLD_SWEEP_SECONDS, default 30). */
  holdSweepSeconds: number;
  /** Server processes on this machine sharing the port (WORKERS, default 1; more than 1 needs PostgreSQL). */
  workers: number;
  /** An S3-compatible bucket for uploads (S3_BUCKET and the S3_* settings); unset: the database (PostgreSQL) or DATA_DIR (PGlite). */
  s3?: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; prefix: string };
  /** Where the embedded database, uploads and the mail outbox live. */
  dataDir: string;
  /** The repository root (the sample media are in <siteRoot>/api/content/media). */
  siteRoot: string;
  /**
   * Where the apps' releases are (RELEASES_DIR, default <siteRoot>/releases):
   * one folder per app, its releases and its live pointer (see
   * docs/deploying-a-remote.md).
   */
  releasesDir: string;
  /**
   * Remotes whose releases live elsewhere, by folder name (REMOTE_<NAME>,
   * e.g. REMOTE_MFE_GIVING=https://giving.example.org/releases/): an
   * https:// address (http:// only on this machine) or a folder.
   */
  remoteLocations: Record<string, string>;
  /** Threads that render pages on the server (RENDER_WORKERS, default: the cores but one, at least one). */
  renderWorkers: number;
  /** TEST_CLOCK=on: `PUT /api/test/clock` moves the site's clock (browser tests of scheduled content; never on a public address). */
  testClock: boolean;
  /** The largest sermon file of each kind, in bytes (SERMON_AUDIO_MAX_MB, SERMON_VIDEO_MAX_MB, SERMON_TRANSCRIPT_MAX_MB). */
  sermonMediaMaxBytes: { audio: number; video: number; transcript: number };
  /** The most one part of a media upload carries (8 MiB; S3 needs at least 5 MiB; tests make it small). */
  mediaPartBytes: number;
  /** The live page: a service lasts `serviceMinutes`; its stream shows from `marginMinutes` before to as many after. */
  live: { serviceMinutes: number; marginMinutes: number };
  /** Origins allowed to send unsafe requests, besides the site's own. */
  allowedOrigins: string[];
  /** Whether the site is behind HTTPS (Secure cookies); defaults to true when PUBLIC_URL is https://. */
  secureCookies: boolean;
  production: boolean;
  logLevel: string;
  /** Trust X-Forwarded-* headers (only behind a reverse proxy you run). */
  trustProxy: boolean;
  /** The address visitors use, for links in e-mails and share previews. */
  publicUrl: string;
  /** The weekly newsletter: day (0 Sunday … 6 Saturday) and time ('HH:mm') on the site's clock, mails per second (NEWSLETTER_DAY, NEWSLETTER_TIME, NEWSLETTER_RATE). */
  newsletter: { day: number; time: string; ratePerSecond: number };
  /** SMTP URL; unset means mails are written to <dataDir>/outbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** The first admin, created or promoted at start when both are set. */
  adminEmail?: string;
  adminPassword?: string;
  /** 'on' (default): members' posts wait for an admin; 'off': published at once. */
  moderation: boolean;
  /**
   * Every limit on what one person, device, e-mail address, target or
   * network address may do in a window (LIMIT_<NAME>, see LIMITS below and
   * docs/deploying.md). Limits per network address are a last line, sized
   * for a congregation behind one church Wi-Fi.
   */
  limits: Limits;
  /** Reports by members in good standing that hide a post before the staff decide (REPORTS_TO_HIDE, default 3). */
  reportsToHide: number;
  /**
   * The cost of new password hashes (PASSWORD_HASH_COST): 'standard' (the
   * default), or 'low' for test runs, which sign up and log in hundreds of
   * times; 'low' is refused on a public PUBLIC_URL.
   */
  passwordHashCost: PasswordHashCost;
  /** Public pages are rendered on the server for visitors (PRERENDER=off: in the browser only). */
  prerender: boolean;
  /** How long a page may take to render on the server before the browser renders it instead (PRERENDER_TIMEOUT_MS, default 3000). */
  prerenderTimeoutMs: number;
  /** Pages rendered on the server at once (PRERENDER_CONCURRENCY, default 4); more are sent for the browser to render. */
  prerenderConcurrency: number;
  /** Seconds a request (its body included) may take before its connection is closed (REQUEST_TIMEOUT_SECONDS, default 60). */
  requestTimeoutSeconds: number;
  /**
   * A canary is rolled back on its own once this many of its page views had
   * errors (CANARY_MIN_ERROR_VIEWS, default 30) at CANARY_ERROR_FACTOR times
   * (default 5) the live release's rate or more.
   */
  canaryMinErrorViews: number;
  canaryErrorFactor: number;
  /** Background jobs run in this process (JOBS=off: a release check's own server, which only renders pages). */
  jobs: boolean;
  /**
   * 'local': test-mode pages served here (the default on a localhost
   * PUBLIC_URL); 'stripe'; 'none': no online payment (the default on a public
   * address, where test payments would let anyone mark tickets paid).
   */
  paymentProvider: PaymentProviderName;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Stripe API base, only to point tests at a local fake. */
  stripeApiBase?: string;
  /** Minutes a seat reservation is held while the member pays. */
  reservationMinutes: number;
  /** Seats one member may hold of an event at once (SEATS_PER_MEMBER, default 10). */
  seatsPerMember: number;
  /** After a member's hold ran its time, minutes before they may hold seats of that event again (HOLD_COOLDOWN_MINUTES, default 5). */
  holdCooldownMinutes: number;
  /** Until how many hours before an event a member may cancel a paid booking and be refunded (CANCEL_HOURS_BEFORE, default 48). */
  cancelHoursBefore: number;
  /** How long seats offered to the first member on an event's waitlist stay held for them. */
  waitlistOfferHours: number;
  /** Until how many hours before a serving slot a member may cancel their sign-up (SERVING_CANCEL_HOURS, default 24). */
  servingCancelHours: number;
  /** Serving slots ahead one member may be signed up for at once (SERVING_SLOTS_PER_MEMBER, default 8). */
  servingSlotsPerMember: number;
  /**
   * Stripe payment links of the donation pages, per giving type and
   * frequency (DONATION_LINK_<TYPE>[_<FREQUENCY>], e.g. DONATION_LINK_OFFERING,
   * DONATION_LINK_CHARITABLE_WEEKLY). Used by the `stripe` provider.
   */
  donationLinks: Record<string, string>;
  /**
   * Web Push (notifications members choose): the VAPID key pair
   * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY; unset: made once and kept in the
   * database) and the contact the push services see (VAPID_SUBJECT, a
   * mailto: or https: address; default PUBLIC_URL when it is https://, else
   * the address of MAIL_FROM).
   */
  push: { publicKey?: string; privateKey?: string; subject: string; subscriptionsPerMember: number };
  /** "Cover the fee": the processing fee's rate in percent (DONATION_FEE_PERCENT, default 2.9) and fixed part in dollars (DONATION_FEE_FIXED, default 0.30). */
  donationFeePercent: number;
  donationFeeFixed: number;
}

/** `offering.once`, `charitable.weekly`, … from DONATION_LINK_OFFERING, DONATION_LINK_CHARITABLE_WEEKLY, … */
function readDonationLinks(env: NodeJS.ProcessEnv): Record<string, string> {
  const links: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = /^DONATION_LINK_(OFFERING|TITHING|CHARITABLE|GENEROUS)(?:_(ONCE|WEEKLY|MONTHLY))?$/.exec(name);
    if (!match || !value || !/^https:\/\//.test(value)) continue;
    links[`${match[1].toLowerCase()}.${(match[2] ?? 'ONCE').toLowerCase()}`] = value;
  }
  return links;
}

/** A limit: at most `max` in any `windowMs` (a sliding window). */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Every limit, by name: its setting (LIMIT_<NAME>: `max` or `max/minutes`),
 * its default and what it counts. "Address" is a network address (behind
 * a church's Wi-Fi, the whole congregation shares one): those limits are a
 * last line, sized for hundreds of people; the real limits are per account,
 * per device (a long-lived random cookie), per e-mail address and per
 * target. docs/deploying.md has the same table for those who run the site.
 */
export const LIMITS = {
  signupsPerAddress: { env: 'LIMIT_SIGNUPS_PER_ADDRESS', max: 300, minutes: 15, what: 'sign-ups from one network address' },
  signupsPerDevice: { env: 'LIMIT_SIGNUPS_PER_DEVICE', max: 5, minutes: 60, what: 'sign-ups from one device' },
  signupMailsPerEmail: {
    env: 'LIMIT_SIGNUP_MAILS_PER_EMAIL',
    max: 3,
    minutes: 60,
    what: 'notes to the owner of an address someone tries to sign up with again',
  },
  loginsPerAddress: {
    env: 'LIMIT_LOGINS_PER_ADDRESS',
    max: 3000,
    minutes: 15,
    what: 'sign-in attempts, right or wrong, from one network address (bounds the password-hashing work)',
  },
  loginFailuresPerAddress: {
    env: 'LIMIT_LOGIN_FAILURES_PER_ADDRESS',
    max: 300,
    minutes: 15,
    what: 'wrong passwords from one network address over all accounts; past them one attempt every few seconds (LOGIN_FAILURES_PER_IP is the same setting)',
  },
  loginFailuresPerAccountAndAddress: {
    env: 'LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS',
    max: 5,
    minutes: 15,
    what: 'wrong passwords for one account from one network address',
  },
  loginFailuresPerDevice: {
    env: 'LIMIT_LOGIN_FAILURES_PER_DEVICE',
    max: 10,
    minutes: 15,
    what: 'wrong passwords from a device its member signed in from before (such a device is exempt from the limits above)',
  },
  codeMailsPerEmail: {
    env: 'LIMIT_CODE_MAILS_PER_EMAIL',
    max: 5,
    minutes: 60,
    what: 'one-time sign-in codes mailed to one e-mail address',
  },
  codeMailsPerDevice: {
    env: 'LIMIT_CODE_MAILS_PER_DEVICE',
    max: 10,
    minutes: 60,
    what: 'one-time sign-in codes asked for from one device',
  },
  codeMailsPerAddress: {
    env: 'LIMIT_CODE_MAILS_PER_ADDRESS',
    max: 300,
    minutes: 60,
    what: 'one-time sign-in codes asked for from one network address',
  },
  codeFailuresPerEmail: {
    env: 'LIMIT_CODE_FAILURES_PER_EMAIL',
    max: 10,
    minutes: 60,
    what: 'wrong one-time codes typed for one e-mail address (five wrong tries also void a code)',
  },
  codeTriesPerAddress: {
    env: 'LIMIT_CODE_TRIES_PER_ADDRESS',
    max: 600,
    minutes: 15,
    what: 'one-time codes typed, right or wrong, from one network address',
  },
  passkeySignInsPerAddress: {
    env: 'LIMIT_PASSKEY_SIGN_INS_PER_ADDRESS',
    max: 3000,
    minutes: 15,
    what: 'passkey sign-in steps (a challenge asked for, an answer checked) from one network address',
  },
  passkeySignInsPerDevice: {
    env: 'LIMIT_PASSKEY_SIGN_INS_PER_DEVICE',
    max: 60,
    minutes: 15,
    what: 'passkey sign-in steps from one device',
  },
  passkeyChangesPerAccount: {
    env: 'LIMIT_PASSKEY_CHANGES_PER_ACCOUNT',
    max: 30,
    minutes: 60,
    what: 'passkeys one member adds (each start counts), renames or removes',
  },
  resetMailsPerAccount: {
    env: 'LIMIT_RESET_MAILS_PER_ACCOUNT',
    max: 3,
    minutes: 60,
    what: 'password-reset links mailed to one account',
  },
  resetRequestsPerDevice: {
    env: 'LIMIT_RESET_REQUESTS_PER_DEVICE',
    max: 10,
    minutes: 60,
    what: '"forgot password" requests from one device',
  },
  resetRequestsPerAddress: {
    env: 'LIMIT_RESET_REQUESTS_PER_ADDRESS',
    max: 300,
    minutes: 15,
    what: '"forgot password" requests from one network address',
  },
  resetsPerAddress: {
    env: 'LIMIT_RESETS_PER_ADDRESS',
    max: 600,
    minutes: 15,
    what: 'reset links opened and new passwords set from one network address',
  },
  confirmationsPerAddress: {
    env: 'LIMIT_CONFIRMATIONS_PER_ADDRESS',
    max: 600,
    minutes: 15,
    what: 'e-mail confirmation links opened from one network address',
  },
  confirmationMailsPerAccount: {
    env: 'LIMIT_CONFIRMATION_MAILS_PER_ACCOUNT',
    max: 3,
    minutes: 60,
    what: 'address confirmation links mailed to one account (sign-up, new address, "send it again")',
  },
  securityChangesPerAccount: {
    env: 'LIMIT_SECURITY_CHANGES_PER_ACCOUNT',
    max: 10,
    minutes: 15,
    what: 'changes of e-mail or password (each checks the current password) by one account',
  },
  ticketForwardsPerAccount: {
    env: 'LIMIT_TICKET_FORWARDS_PER_ACCOUNT',
    max: 20,
    minutes: 1440,
    what: 'tickets one member e-mails to their guests ("Send to a guest" on My tickets)',
  },
  dataExportsPerAccount: {
    env: 'LIMIT_DATA_EXPORTS_PER_ACCOUNT',
    max: 5,
    minutes: 60,
    what: '"Download my data" archives one member asks for',
  },
  accountDeletionsPerAccount: {
    env: 'LIMIT_ACCOUNT_DELETIONS_PER_ACCOUNT',
    max: 5,
    minutes: 15,
    what: "tries to delete one's account (each checks the password or a one-time code)",
  },
  newsletterSignupsPerDevice: {
    env: 'LIMIT_NEWSLETTER_SIGNUPS_PER_DEVICE',
    max: 10,
    minutes: 60,
    what: 'newsletter subscriptions asked for from one device',
  },
  newsletterSignupsPerAddress: {
    env: 'LIMIT_NEWSLETTER_SIGNUPS_PER_ADDRESS',
    max: 300,
    minutes: 60,
    what: 'newsletter subscriptions asked for from one network address',
  },
  newsletterMailsPerEmail: {
    env: 'LIMIT_NEWSLETTER_MAILS_PER_EMAIL',
    max: 3,
    minutes: 1440,
    what: 'newsletter confirmation mails to one mailbox (name+tag@ and name@ are one mailbox)',
  },
  visitRequestsPerDevice: {
    env: 'LIMIT_VISIT_REQUESTS_PER_DEVICE',
    max: 10,
    minutes: 60,
    what: 'planned visits asked for from one device',
  },
  visitRequestsPerAddress: {
    env: 'LIMIT_VISIT_REQUESTS_PER_ADDRESS',
    max: 300,
    minutes: 60,
    what: 'planned visits asked for from one network address',
  },
  visitMailsPerEmail: {
    env: 'LIMIT_VISIT_MAILS_PER_EMAIL',
    max: 3,
    minutes: 1440,
    what: 'planned-visit confirmation mails to one mailbox (name+tag@ and name@ are one mailbox)',
  },
  postsPerAccount: {
    env: 'LIMIT_POSTS_PER_ACCOUNT',
    max: 20,
    minutes: 60,
    what: 'prayers, stories and comments one member posts (the staff are not limited)',
  },
  reactionsPerAccount: {
    env: 'LIMIT_REACTIONS_PER_ACCOUNT',
    max: 300,
    minutes: 5,
    what: 'likes and "I prayed" (given or taken back) by one member',
  },
  reportsPerAccount: { env: 'LIMIT_REPORTS_PER_ACCOUNT', max: 10, minutes: 1440, what: 'posts one member reports' },
  groupJoinsPerAccount: {
    env: 'LIMIT_GROUP_JOINS_PER_ACCOUNT',
    max: 10,
    minutes: 1440,
    what: 'requests to join a small group one member sends',
  },
  groupMailsPerAccount: {
    env: 'LIMIT_GROUP_MAILS_PER_ACCOUNT',
    max: 3,
    minutes: 1440,
    what: 'e-mails one group leader sends to their group through the site',
  },
  passwordChecksPerDevice: {
    env: 'LIMIT_PASSWORD_CHECKS_PER_DEVICE',
    max: 300,
    minutes: 15,
    what: 'new passwords a form asks about ("is it a common one?") from one device',
  },
  passwordChecksPerAddress: {
    env: 'LIMIT_PASSWORD_CHECKS_PER_ADDRESS',
    max: 6000,
    minutes: 15,
    what: 'new passwords forms ask about from one network address',
  },
  servingChangesPerAccount: {
    env: 'LIMIT_SERVING_CHANGES_PER_ACCOUNT',
    max: 30,
    minutes: 60,
    what: 'serving sign-ups, cancellations and blockout days one member adds or removes',
  },
  pushChangesPerAccount: {
    env: 'LIMIT_PUSH_CHANGES_PER_ACCOUNT',
    max: 60,
    minutes: 60,
    what: 'notification changes one member makes (a browser turned on or off, a topic or the devotional time changed)',
  },
  announcementsPerAccount: {
    env: 'LIMIT_ANNOUNCEMENTS_PER_ACCOUNT',
    max: 3,
    minutes: 1440,
    what: 'announcements one member of the staff sends as notifications',
  },
  mailLinksPerAddress: {
    env: 'LIMIT_MAIL_LINKS_PER_ADDRESS',
    max: 300,
    minutes: 15,
    what: 'links from our mails opened from one network address (turning off the "people prayed" mail or a group\'s mails)',
  },
} as const satisfies Record<string, { env: string; max: number; minutes: number; what: string }>;

export type LimitName = keyof typeof LIMITS;
export type Limits = Record<LimitName, Limit>;

/** LIMIT_<NAME>: `max` (in the default window) or `max/minutes`. */
function readLimits(env: NodeJS.ProcessEnv): Limits {
  const limits = {} as Limits;
  for (const [name, spec] of Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]) {
    // The older name of one setting still works.
    const raw = (env[spec.env] ?? (name === 'loginFailuresPerAddress' ? env.LOGIN_FAILURES_PER_IP : undefined) ?? '').trim();
    if (!raw) {
      limits[name] = { max: spec.max, windowMs: spec.minutes * 60_000 };
      continue;
    }
    const match = /^(\d{1,7})(?:\/(\d{1,5}))?$/.exec(raw);
    const max = Number(match?.[1]);
    const minutes = match?.[2] === undefined ? spec.minutes : Number(match[2]);
    if (!match || max < 1 || minutes < 1 || minutes > 10_080) {
      throw new ConfigError(
        `${spec.env} must be a whole number from 1, or one and a number of minutes such as ${spec.max}/${spec.minutes} (it is "${raw}").`,
      );
    }
    limits[name] = { max, windowMs: minutes * 60_000 };
  }
  return limits;
}

/**
 * In production the site must know its public address (PUBLIC_URL): without
 * it links in mails point nowhere and, worse, payments would fall back to the
 * free test checkout. The server refuses to start.
 */
export function checkPublicUrl(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV !== 'production' || (env.PUBLIC_URL ?? '').trim()) return;
  throw new ConfigError(
    'PUBLIC_URL is not set: in production the server must know the address visitors use (e.g. PUBLIC_URL=https://www.example.org). For a try-out on this machine, set PUBLIC_URL=http://localhost:8080.',
  );
}

export type PaymentProviderName = 'local' | 'stripe' | 'none';

/**
 * Whether a URL points at this machine: `localhost` (and names under it),
 * or a loopback address written as an address (127.0.0.1, any 127.x.y.z,
 * [::1]). A name that merely starts with 127 (127.0.0.1.nip.io) is a public
 * name like any other.
 */
export function isLocalAddress(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * PAYMENT_PROVIDER when set; else `stripe` when a Stripe key is set; else the
 * local test-mode checkout on a localhost site and no online payment on a
 * public one (test payments there would mark tickets paid for free).
 */
function choosePaymentProvider(env: NodeJS.ProcessEnv, publicUrl: string): PaymentProviderName {
  const named = env.PAYMENT_PROVIDER?.trim();
  if (named) {
    if (named === 'local' || named === 'stripe' || named === 'none') return named;
    throw new ConfigError(`PAYMENT_PROVIDER must be local, stripe or none (it is "${named}").`);
  }
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  return isLocalAddress(publicUrl) ? 'local' : 'none';
}

/** The dev servers' origins (`npm run dev`): each app's devPort in its app.json. */
function devOrigins(siteRoot: string): string[] {
  const ports = new Set<number>([3000, 3001, 3002, 3003, 3004]);
  try {
    const remotes = JSON.parse(readFileSync(path.join(siteRoot, 'config/remotes.json'), 'utf8')) as string[];
    for (const dir of ['shell', ...remotes]) {
      const app = JSON.parse(readFileSync(path.join(siteRoot, dir, 'app.json'), 'utf8')) as { devPort?: number };
      if (Number.isInteger(app.devPort)) ports.add(app.devPort!);
    }
  } catch {
    // not a checkout of the repository: the usual ports
  }
  return [...ports].map((port) => `http://localhost:${port}`);
}

/**
 * REMOTE_<NAME> settings: `REMOTE_MFE_GIVING=https://…` says where the
 * releases of `mfe-giving` are. An address must be https:// (http:// only
 * on this machine); anything else is a folder.
 */
function readRemoteLocations(env: NodeJS.ProcessEnv): Record<string, string> {
  const locations: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = /^REMOTE_([A-Z0-9_]+)$/.exec(name);
    if (!match || !value?.trim()) continue;
    const dir = match[1].toLowerCase().replace(/_/g, '-');
    const location = value.trim();
    if (/^[a-z]+:\/\//i.test(location)) {
      let url: URL;
      try {
        url = new URL(location);
      } catch {
        throw new ConfigError(`${name} is not a valid address ("${location}").`);
      }
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalAddress(location))) {
        throw new ConfigError(
          `${name} must be an https:// address (http:// only on this machine), or a folder (it is "${location}").`,
        );
      }
      locations[dir] = url.href.endsWith('/') ? url.href : `${url.href}/`;
    } else {
      locations[dir] = path.resolve(repoRoot, location);
    }
  }
  return locations;
}

/** A setting the server cannot start with; the message says which and why. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const MB = 1024 * 1024;

/**
 * A whole-number setting from `min` to `max` (`unit` names what it counts);
 * unset or empty gives `fallback`, anything else is a configuration error.
 */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, unit = ''): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
    throw new ConfigError(`${name} must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max} (it is "${value}").`);
  }
  return number;
}

function decimal(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value.trim());
  if (!/^\d+(\.\d{1,4})?$/.test(value.trim()) || number < min || number > max) {
    throw new ConfigError(`${name} must be a number from ${min} to ${max} (it is "${value}").`);
  }
  return number;
}

/** The `stripe` provider needs its API key, and its webhook secret: without webhooks no paid booking would ever be confirmed. */
export function checkStripeSettings(
  config: Pick<AppConfig, 'paymentProvider' | 'stripeSecretKey' | 'stripeWebhookSecret'>,
): void {
  if (config.paymentProvider !== 'stripe') return;
  if (!config.stripeSecretKey) throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY.');
  if (!config.stripeWebhookSecret) {
    throw new ConfigError(
      'The stripe payment provider needs STRIPE_WEBHOOK_SECRET (the signing secret of the webhook POST /api/payment/webhook): without it paid bookings are never confirmed.',
    );
  }
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** NEWSLETTER_DAY (a weekday's name, default friday) and NEWSLETTER_TIME ('HH:MM', 24-hour, default 07:00). */
function newsletterMoment(env: NodeJS.ProcessEnv): { day: number; time: string } {
  const dayName = (env.NEWSLETTER_DAY ?? '').trim().toLowerCase() || 'friday';
  const day = WEEKDAYS.indexOf(dayName);
  if (day < 0) throw new ConfigError(`NEWSLETTER_DAY must be a day of the week, such as friday (it is "${env.NEWSLETTER_DAY}").`);
  const time = (env.NEWSLETTER_TIME ?? '').trim() || '07:00';
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match)
    throw new ConfigError(`NEWSLETTER_TIME must be a time of day as HH:MM, such as 07:00 (it is "${env.NEWSLETTER_TIME}").`);
  return { day, time: `${match[1]!.padStart(2, '0')}:${match[2]}` };
}

function passwordHashCost(env: NodeJS.ProcessEnv, publicUrl: string): PasswordHashCost {
  const cost = (env.PASSWORD_HASH_COST ?? '').trim() || 'standard';
  if (cost !== 'standard' && cost !== 'low') {
    throw new ConfigError(`PASSWORD_HASH_COST must be standard or low (it is "${env.PASSWORD_HASH_COST}").`);
  }
  if (cost === 'low' && !isLocalAddress(publicUrl)) {
    throw new ConfigError(
      'PASSWORD_HASH_COST=low is for tests on this machine; a public site (PUBLIC_URL) hashes passwords at the standard cost.',
    );
  }
  return cost;
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither), VAPID_SUBJECT, PUSH_SUBSCRIPTIONS_PER_MEMBER. */
function pushSettings(env: NodeJS.ProcessEnv, publicUrl: string, mailFrom: string): AppConfig['push'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  if (!publicKey !== !privateKey) {
    throw new ConfigError(
      'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (a pair made together, e.g. by `npx web-push generate-vapid-keys`), or neither: the site then makes a pair once and keeps it in its database.',
    );
  }
  if (publicKey && !/^[A-Za-z0-9_-]{87}$/.test(publicKey)) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a P-256 public key in URL-safe base64 (87 characters).');
  }
  if (privateKey && !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) {
    throw new ConfigError('VAPID_PRIVATE_KEY must be a P-256 private key in URL-safe base64 (43 characters).');
  }
  const mailAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const subject = env.VAPID_SUBJECT?.trim() || (/^https:\/\//i.test(publicUrl) ? publicUrl : `mailto:${mailAddress}`);
  if (!/^(https:\/\/\S+|mailto:\S+@\S+)$/i.test(subject)) {
    throw new ConfigError(
      `VAPID_SUBJECT must be a mailto: or https: address, such as mailto:office@example.org (it is "${subject}").`,
    );
  }
  return {
    publicKey,
    privateKey,
    subject,
    subscriptionsPerMember: wholeNumber(env, 'PUSH_SUBSCRIPTIONS_PER_MEMBER', 10, 1, 100, 'browsers'),
  };
}

/** Reads the settings; throws a ConfigError for a setting the server cannot start with. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, '');
  const extra = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const siteRoot = path.resolve(env.SITE_ROOT ?? repoRoot);
  const config: AppConfig = {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'ministry:',
    holdSweepSeconds: wholeNumber(env, 'HOLD_SWEEP_SECONDS', 30, 1, 3600, 'seconds'),
    workers: wholeNumber(env, 'WORKERS', 1, 1, 64),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          prefix: (env.S3_PREFIX ?? 'uploads/').replace(/^\/+/, ''),
        }
      : undefined,
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    siteRoot,
    releasesDir: path.resolve(siteRoot, env.RELEASES_DIR ?? 'releases'),
    remoteLocations: readRemoteLocations(env),
    renderWorkers: wholeNumber(env, 'RENDER_WORKERS', Math.max(1, Math.min(4, availableParallelism() - 1)), 1, 64),
    allowedOrigins: production && env.DEV_ORIGINS !== 'true' ? extra : [...extra, ...devOrigins(siteRoot)],
    // Unset: Secure cookies whenever visitors come over HTTPS.
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === 'true' : /^https:\/\//i.test(env.PUBLIC_URL ?? ''),
    production,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY === 'true',
    publicUrl,
    newsletter: { ...newsletterMoment(env), ratePerSecond: wholeNumber(env, 'NEWSLETTER_RATE', 10, 1, 1000, 'mails a second') },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Luminaries Christian Ministries <no-reply@localhost>',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    moderation: env.MODERATION !== 'off',
    limits: readLimits(env),
    reportsToHide: wholeNumber(env, 'REPORTS_TO_HIDE', 3, 1, 1000, 'reports'),
    passwordHashCost: passwordHashCost(env, publicUrl),
    prerender: env.PRERENDER !== 'off',
    prerenderTimeoutMs: wholeNumber(env, 'PRERENDER_TIMEOUT_MS', 3000, 100, 120_000, 'milliseconds'),
    prerenderConcurrency: wholeNumber(env, 'PRERENDER_CONCURRENCY', 4, 1, 64),
    requestTimeoutSeconds: wholeNumber(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600, 'seconds'),
    canaryMinErrorViews: wholeNumber(env, 'CANARY_MIN_ERROR_VIEWS', 30, 1, 1_000_000, 'page views'),
    canaryErrorFactor: decimal(env, 'CANARY_ERROR_FACTOR', 5, 1, 1000),
    jobs: env.JOBS !== 'off',
    paymentProvider: choosePaymentProvider(env, publicUrl),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    // Whole minutes up to a day (Stripe Checkout sessions last at most 24 hours).
    reservationMinutes: wholeNumber(env, 'RESERVATION_MINUTES', 15, 1, 1440, 'minutes'),
    seatsPerMember: wholeNumber(env, 'SEATS_PER_MEMBER', 10, 1, 1000, 'seats'),
    holdCooldownMinutes: wholeNumber(env, 'HOLD_COOLDOWN_MINUTES', 5, 0, 1440, 'minutes'),
    cancelHoursBefore: wholeNumber(env, 'CANCEL_HOURS_BEFORE', 48, 0, 8760, 'hours'),
    // At most a day: the checkout of an offer (Stripe Checkout) lasts at most 24 hours.
    waitlistOfferHours: wholeNumber(env, 'WAITLIST_OFFER_HOURS', 24, 1, 24, 'hours'),
    servingCancelHours: wholeNumber(env, 'SERVING_CANCEL_HOURS', 24, 0, 720, 'hours'),
    servingSlotsPerMember: wholeNumber(env, 'SERVING_SLOTS_PER_MEMBER', 8, 1, 200, 'slots'),
    push: pushSettings(env, publicUrl, env.MAIL_FROM ?? 'Luminaries Christian Ministries <no-reply@localhost>'),
    donationLinks: readDonationLinks(env),
    donationFeePercent: decimal(env, 'DONATION_FEE_PERCENT', 2.9, 0, 20),
    donationFeeFixed: decimal(env, 'DONATION_FEE_FIXED', 0.3, 0, 100),
    testClock: env.TEST_CLOCK === 'on',
    sermonMediaMaxBytes: {
      audio: wholeNumber(env, 'SERMON_AUDIO_MAX_MB', 250, 1, 10_000, 'MB') * MB,
      video: wholeNumber(env, 'SERMON_VIDEO_MAX_MB', 4096, 1, 100_000, 'MB') * MB,
      transcript: wholeNumber(env, 'SERMON_TRANSCRIPT_MAX_MB', 2, 1, 50, 'MB') * MB,
    },
    mediaPartBytes: 8 * MB,
    live: {
      serviceMinutes: wholeNumber(env, 'LIVE_SERVICE_MINUTES', 90, 15, 600, 'minutes'),
      marginMinutes: wholeNumber(env, 'LIVE_MARGIN_MINUTES', 15, 0, 180, 'minutes'),
    },
  };
  if (config.workers > 1 && !config.databaseUrl) {
    throw new ConfigError(
      `WORKERS=${config.workers}: the embedded database can be opened by one process only. Set DATABASE_URL to a PostgreSQL database (and REDIS_URL) to run several, or leave WORKERS at 1.`,
    );
  }
  if (config.testClock && !isLocalAddress(publicUrl)) {
    throw new ConfigError(
      "TEST_CLOCK=on lets anyone move the site's clock: it is for tests on this machine only, not on a public address.",
    );
  }
  checkStripeSettings(config);
  return config;
}

export { repoRoot };
