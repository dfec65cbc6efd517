/**
 * Settings the server cannot work with stop it at start with a message that
 * names them: a RESERVATION_MINUTES that is not a number of minutes, and the
 * stripe provider without its API key or webhook secret.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { checkPublicUrl, ConfigError, isLocalAddress, LIMITS, loadConfig } from '../src/config.js';
import { hashPassword, setPasswordHashCost, verifyPassword } from '../src/lib/passwords.js';
import { openDatabase } from '../src/db/index.js';
import { testConfig } from './helpers.js';
import { apiBuild } from '../../scripts/lib/build-api.mjs';

const apiDir = path.resolve(import.meta.dirname, '..');

/** Starts the server with `env` and answers how it ended, when it ends within the time given. */
async function startAndExit(
  env: Record<string, string>,
  timeoutMs = 40_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }> {
  const server = await apiBuild('server');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [server], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://localhost:8080',
        LOG_LEVEL: 'warn',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ministry-config-')),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => (stdout += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not stop: ${stdout} ${stderr}`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr, stdout });
    });
  });
}

describe('configuration', () => {
  it('limits: LIMIT_<NAME> as a number or number/minutes, with defaults sized for a crowd behind one address; anything else is a configuration error', () => {
    const defaults = loadConfig({}).limits;
    assert.deepEqual(defaults.loginFailuresPerAddress, { max: 300, windowMs: 15 * 60_000 });
    assert.deepEqual(defaults.signupsPerAddress, { max: 300, windowMs: 15 * 60_000 });
    assert.deepEqual(defaults.signupsPerDevice, { max: 5, windowMs: 60 * 60_000 });
    for (const name of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
      assert.deepEqual(defaults[name], { max: LIMITS[name].max, windowMs: LIMITS[name].minutes * 60_000 }, name);
    }
    assert.deepEqual(loadConfig({ LIMIT_SIGNUPS_PER_ADDRESS: '1000' }).limits.signupsPerAddress, {
      max: 1000,
      windowMs: 15 * 60_000,
    });
    assert.deepEqual(loadConfig({ LIMIT_SIGNUPS_PER_ADDRESS: ' 50/60 ' }).limits.signupsPerAddress, {
      max: 50,
      windowMs: 3_600_000,
    });
    // The older name of the per-address sign-in limit still works.
    assert.equal(loadConfig({ LOGIN_FAILURES_PER_IP: '200' }).limits.loginFailuresPerAddress.max, 200);
    for (const value of ['0', 'many', '2.5', '10/0', '10/', '/10', '-1']) {
      assert.throws(
        () => loadConfig({ LIMIT_CODE_MAILS_PER_EMAIL: value }),
        (error: unknown) =>
          error instanceof ConfigError && /LIMIT_CODE_MAILS_PER_EMAIL must be a whole number from 1/.test(error.message),
        value,
      );
    }
    assert.equal(loadConfig({}).reportsToHide, 3);
    assert.equal(loadConfig({ REPORTS_TO_HIDE: '5' }).reportsToHide, 5);
    assert.throws(() => loadConfig({ REPORTS_TO_HIDE: '0' }), /REPORTS_TO_HIDE must be a whole number of reports from 1/);
  });

  it('docs/deploying.md lists every limit by its setting', () => {
    const guide = readFileSync(path.join(apiDir, '..', 'docs', 'deploying.md'), 'utf8');
    for (const spec of Object.values(LIMITS)) assert.ok(guide.includes(`\`${spec.env}\``), `${spec.env} is in docs/deploying.md`);
    assert.ok(guide.includes('`REPORTS_TO_HIDE`'));
  });

  it('"this machine" is a loopback address or localhost, never a name that starts with 127', () => {
    for (const url of [
      'http://localhost:8080',
      'http://127.0.0.1',
      'http://127.1.2.3:80',
      'http://[::1]:8080',
      'http://app.localhost',
    ])
      assert.equal(isLocalAddress(url), true, url);
    for (const url of [
      'https://127.0.0.1.nip.io',
      'http://127.example.org',
      'https://church.example.org',
      'http://10.0.0.1',
      'nonsense',
    ])
      assert.equal(isLocalAddress(url), false, url);
    // So such a site takes no test payments.
    assert.equal(loadConfig({ PUBLIC_URL: 'https://127.0.0.1.nip.io' }).paymentProvider, 'none');
  });

  it('in production the server needs PUBLIC_URL', () => {
    assert.throws(() => checkPublicUrl({ NODE_ENV: 'production' }), /PUBLIC_URL is not set/);
    assert.throws(() => checkPublicUrl({ NODE_ENV: 'production', PUBLIC_URL: ' ' }), /PUBLIC_URL is not set/);
    assert.doesNotThrow(() => checkPublicUrl({ NODE_ENV: 'production', PUBLIC_URL: 'https://church.example.org' }));
    assert.doesNotThrow(() => checkPublicUrl({}));
  });

  it('RESERVATION_MINUTES: 15 by default, a whole number of minutes from 1 to 1440, anything else is a configuration error', () => {
    assert.equal(loadConfig({}).reservationMinutes, 15);
    assert.equal(loadConfig({ RESERVATION_MINUTES: '' }).reservationMinutes, 15);
    assert.equal(loadConfig({ RESERVATION_MINUTES: '20' }).reservationMinutes, 20);
    assert.equal(loadConfig({ RESERVATION_MINUTES: ' 45 ' }).reservationMinutes, 45);
    for (const value of ['abc', '0', '-5', '1.5', '15m', '1441', 'NaN', 'Infinity', '1e3']) {
      assert.throws(
        () => loadConfig({ RESERVATION_MINUTES: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          /RESERVATION_MINUTES must be a whole number of minutes from 1 to 1440/.test(error.message),
        value,
      );
    }
  });

  it('NEWSLETTER_DAY, NEWSLETTER_TIME and NEWSLETTER_RATE: friday 07:00 and 10 a second by default; anything else is a configuration error', () => {
    assert.deepEqual(loadConfig({}).newsletter, { day: 5, time: '07:00', ratePerSecond: 10 });
    assert.deepEqual(loadConfig({ NEWSLETTER_DAY: 'Sunday', NEWSLETTER_TIME: '6:30', NEWSLETTER_RATE: '200' }).newsletter, {
      day: 0,
      time: '06:30',
      ratePerSecond: 200,
    });
    assert.throws(() => loadConfig({ NEWSLETTER_DAY: 'someday' }), /NEWSLETTER_DAY must be a day of the week/);
    for (const time of ['24:00', '7', '07:60', 'noon'])
      assert.throws(() => loadConfig({ NEWSLETTER_TIME: time }), /NEWSLETTER_TIME must be a time of day as HH:MM/, time);
    for (const rate of ['0', '1001', 'fast'])
      assert.throws(
        () => loadConfig({ NEWSLETTER_RATE: rate }),
        /NEWSLETTER_RATE must be a whole number of mails a second from 1 to 1000/,
        rate,
      );
  });

  it('cheap password hashes (PASSWORD_HASH_COST=low) are for this machine only; a public site hashes at the standard cost', async () => {
    assert.equal(loadConfig({}).passwordHashCost, 'standard');
    assert.equal(loadConfig({ PASSWORD_HASH_COST: 'low' }).passwordHashCost, 'low');
    assert.throws(
      () => loadConfig({ PASSWORD_HASH_COST: 'low', PUBLIC_URL: 'https://church.example.org' }),
      /PASSWORD_HASH_COST=low is for tests on this machine/,
    );
    assert.throws(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' }), /PASSWORD_HASH_COST must be standard or low/);
    // Each hash names its parameters: one made at either cost is checked after the other is set.
    setPasswordHashCost('standard');
    const standard = await hashPassword('a long password');
    setPasswordHashCost('low');
    const low = await hashPassword('a long password');
    assert.match(standard, /^scrypt\$16384\$8\$5\$/);
    assert.match(low, /^scrypt\$1024\$8\$1\$/);
    for (const stored of [standard, low]) {
      assert.equal(await verifyPassword('a long password', stored), true);
      assert.equal(await verifyPassword('another password', stored), false);
    }
  });

  it('the stripe provider needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', () => {
    assert.throws(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' }), /STRIPE_SECRET_KEY/);
    assert.throws(
      () => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }),
      (error: unknown) => {
        return error instanceof ConfigError && /STRIPE_WEBHOOK_SECRET/.test(error.message);
      },
    );
    // A key alone chooses stripe: still refused without the webhook secret.
    assert.throws(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }), /STRIPE_WEBHOOK_SECRET/);
    const ok = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    assert.equal(ok.paymentProvider, 'stripe');
    assert.equal(loadConfig({ PAYMENT_PROVIDER: 'local', STRIPE_SECRET_KEY: 'sk_test_x' }).paymentProvider, 'local');
  });

  it('an app built with the stripe provider and no webhook secret does not start', async () => {
    const database = await openDatabase({ url: 'memory://' });
    try {
      await assert.rejects(async () => {
        const app = await buildApp({
          database,
          config: testConfig({ paymentProvider: 'stripe', stripeSecretKey: 'sk_test_x' }),
          serveSite: false,
        });
        try {
          await app.ready();
        } finally {
          await app.close();
        }
      }, /STRIPE_WEBHOOK_SECRET/);
    } finally {
      await database.close();
    }
  });

  it(
    'the server stops at start with the message, for a bad RESERVATION_MINUTES, for stripe without a webhook secret and without PUBLIC_URL',
    { timeout: 100_000 },
    async () => {
      const minutes = await startAndExit({ RESERVATION_MINUTES: 'fifteen' });
      assert.equal(minutes.code, 1, `ended with ${minutes.signal ?? minutes.code}: ${minutes.stderr}`);
      assert.match(minutes.stderr, /RESERVATION_MINUTES must be a whole number of minutes from 1 to 1440 \(it is "fifteen"\)/);
      assert.doesNotMatch(minutes.stderr, /at \S+ \(/, 'a message, not a stack trace');

      const stripe = await startAndExit({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: '',
      });
      assert.equal(stripe.code, 1, `ended with ${stripe.signal ?? stripe.code}: ${stripe.stderr}`);
      assert.match(stripe.stderr, /needs STRIPE_WEBHOOK_SECRET/);
      assert.doesNotMatch(stripe.stdout, /Site ready/);

      // In production, no PUBLIC_URL: no site (and so no free test payments on an address nobody named).
      const nameless = await startAndExit({ PUBLIC_URL: '' });
      assert.equal(nameless.code, 1, `ended with ${nameless.signal ?? nameless.code}: ${nameless.stderr}`);
      assert.match(nameless.stderr, /PUBLIC_URL is not set/);
      assert.doesNotMatch(nameless.stdout, /Site ready/);
    },
  );
});
