/** Settings from the environment, read once at start. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface AppConfig {
  port: number;
  host: string;
  /** A PostgreSQL URL; unset means the embedded PGlite database. */
  databaseUrl?: string;
  /** Where the embedded database, uploads and the mail outbox live. */
  dataDir: string;
  /** The repository root: the built apps are served from <siteRoot>/<app>/dist. */
  siteRoot: string;
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
  /** SMTP URL; unset means mails are written to <dataDir>/outbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** The first admin, created or promoted at start when both are set. */
  adminEmail?: string;
  adminPassword?: string;
  /** 'on' (default): members' posts wait for an admin; 'off': published at once. */
  moderation: boolean;
  /** Failed logins one IP address may make in 15 minutes (LOGIN_FAILURES_PER_IP, default 50). */
  loginFailuresPerIp: number;
  /** Public pages are rendered on the server for visitors (PRERENDER=off: in the browser only). */
  prerender: boolean;
  /** How long a page may take to render on the server before the browser renders it instead. */
  prerenderTimeoutMs: number;
  /** Pages rendered on the server at once (PRERENDER_CONCURRENCY, default 4); more are sent for the browser to render. */
  prerenderConcurrency: number;
  /** Seconds a request (its body included) may take before its connection is closed (REQUEST_TIMEOUT_SECONDS, default 60). */
  requestTimeoutSeconds: number;
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
  /**
   * Stripe payment links of the donation pages, per giving type and
   * frequency (DONATION_LINK_<TYPE>[_<FREQUENCY>], e.g. DONATION_LINK_OFFERING,
   * DONATION_LINK_CHARITABLE_WEEKLY). Used by the `stripe` provider.
   */
  donationLinks: Record<string, string>;
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

export type PaymentProviderName = 'local' | 'stripe' | 'none';

/** Whether a URL points at this machine (http://localhost:8080, http://127.0.0.1, http://[::1]). */
export function isLocalAddress(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]';
  } catch {
    return false;
  }
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

const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((p) => `http://localhost:${p}`);

/** A setting the server cannot start with; the message says which and why. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

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

/** The `stripe` provider needs its API key, and its webhook secret: without webhooks no paid booking would ever be confirmed. */
export function checkStripeSettings(config: Pick<AppConfig, 'paymentProvider' | 'stripeSecretKey' | 'stripeWebhookSecret'>): void {
  if (config.paymentProvider !== 'stripe') return;
  if (!config.stripeSecretKey) throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY.');
  if (!config.stripeWebhookSecret) {
    throw new ConfigError(
      'The stripe payment provider needs STRIPE_WEBHOOK_SECRET (the signing secret of the webhook POST /api/payment/webhook): without it paid bookings are never confirmed.',
    );
  }
}

/** Reads the settings; throws a ConfigError for a setting the server cannot start with. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, '');
  const extra = (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  const config: AppConfig = {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    siteRoot: path.resolve(env.SITE_ROOT ?? repoRoot),
    allowedOrigins: production && env.DEV_ORIGINS !== 'true' ? extra : [...extra, ...DEV_ORIGINS],
    // Unset: Secure cookies whenever visitors come over HTTPS.
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === 'true' : /^https:\/\//i.test(env.PUBLIC_URL ?? ''),
    production,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY === 'true',
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Luminaries Christian Ministries <no-reply@localhost>',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    moderation: env.MODERATION !== 'off',
    loginFailuresPerIp: wholeNumber(env, 'LOGIN_FAILURES_PER_IP', 50, 1, 100_000),
    prerender: env.PRERENDER !== 'off',
    prerenderTimeoutMs: 3000,
    prerenderConcurrency: wholeNumber(env, 'PRERENDER_CONCURRENCY', 4, 1, 64),
    requestTimeoutSeconds: wholeNumber(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600, 'seconds'),
    paymentProvider: choosePaymentProvider(env, publicUrl),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    // Whole minutes up to a day (Stripe Checkout sessions last at most 24 hours).
    reservationMinutes: wholeNumber(env, 'RESERVATION_MINUTES', 15, 1, 1440, 'minutes'),
    seatsPerMember: wholeNumber(env, 'SEATS_PER_MEMBER', 10, 1, 1000, 'seats'),
    holdCooldownMinutes: wholeNumber(env, 'HOLD_COOLDOWN_MINUTES', 5, 0, 1440, 'minutes'),
    donationLinks: readDonationLinks(env),
  };
  checkStripeSettings(config);
  return config;
}

export { repoRoot };
