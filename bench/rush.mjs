/**
 * "Sunday rush": simulated members, signed in, reading pages and the lists
 * behind them, liking stories, posting prayers and buying tickets (local
 * test-mode checkout) for a while, on PGlite and on PostgreSQL. Reports the
 * errors, the p99 of each kind of request, and the lost writes: what the
 * server acknowledged against what the database holds afterwards.
 *
 * Set up as a deployment would be, and said so in the report:
 * - members are created confirmed before the server starts (`cli.ts
 *   members`): sign-up waits for an e-mail and is limited per address;
 * - TRUST_PROXY=true, and each member's requests carry its own address in
 *   X-Forwarded-For, as a reverse proxy in front would send: the per-address
 *   limits (sign-in) then apply per member, not to the one load generator;
 * - the event sold is given 100,000 seats through the staff API, so that
 *   the seats do not run out during the rush.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { throwawayPostgres } from './api.mjs';
import { attempt, root, runCli, sleep, startServer } from './lib.mjs';

export const MEMBERS = 500;
const PASSWORD = 'rush-member-password-1';
const ADMIN = { email: 'rush-admin@members.example', password: 'rush-admin-password-1' };
const PAGES = ['/', '/events', '/daily-devotion', '/community'];
const READS = ['/api/events', '/api/prayers', '/api/story', '/api/devotionals'];
/** What a member does next, by weight. */
const ACTIONS = [
  ['page', 45],
  ['read', 25],
  ['like', 15],
  ['prayer', 8],
  ['ticket', 7],
];
const SETTINGS = {
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'warn',
};

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;

class Stats {
  constructor() {
    this.kinds = new Map();
  }
  add(kind, ms, outcome) {
    const k = this.kinds.get(kind) ?? { times: [], ok: 0, refused: 0, errors: 0, statuses: {} };
    k.times.push(ms);
    k[outcome.kind] += 1;
    if (outcome.kind !== 'ok') k.statuses[outcome.status] = (k.statuses[outcome.status] ?? 0) + 1;
    this.kinds.set(kind, k);
  }
  summary() {
    return Object.fromEntries(
      [...this.kinds].map(([kind, k]) => {
        const sorted = [...k.times].sort((a, b) => a - b);
        return [
          kind,
          {
            requests: sorted.length,
            ok: k.ok,
            refused: k.refused,
            errors: k.errors,
            statuses: k.statuses,
            p50Ms: Math.round(percentile(sorted, 50)),
            p99Ms: Math.round(percentile(sorted, 99)),
          },
        ];
      }),
    );
  }
}

/** One member's client: its address, its session cookie, timed requests. */
function member(base, index, stats) {
  const ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  let cookie = '';
  const request = async (kind, url, { method = 'GET', body, expect = [200], refusedStatuses = [429] } = {}) => {
    const headers = { 'x-forwarded-for': ip, origin: base, 'accept-encoding': 'br, gzip' };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let status = 0;
    let text = '';
    let location = null;
    try {
      const res = await fetch(base + url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      location = res.headers.get('location');
      const set = res.headers.getSetCookie?.() ?? [];
      const sid = set.map((c) => /^sid=([^;]*)/.exec(c)).find(Boolean);
      if (sid) cookie = `sid=${sid[1]}`;
      text = await res.text();
    } catch (error) {
      status = error?.name === 'TimeoutError' ? 'timeout' : 'network';
    }
    const ms = performance.now() - started;
    const outcome = expect.includes(status)
      ? { kind: 'ok' }
      : refusedStatuses.includes(status)
        ? { kind: 'refused', status }
        : { kind: 'errors', status };
    stats?.add(kind, ms, outcome);
    return { ok: outcome.kind === 'ok', status, text, location, json: () => JSON.parse(text) };
  };
  return { ip, request };
}

function pick(weights) {
  const total = weights.reduce((s, [, w]) => s + w, 0);
  let r = Math.random() * total;
  for (const [name, w] of weights) if ((r -= w) < 0) return name;
  return weights[0][0];
}

/** Runs n tasks, at most `limit` at once. */
async function pool(items, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i], i);
      }
    }),
  );
}

/** Gives one upcoming event enough seats for the rush (staff API); returns its id, or null. */
async function eventForSale(base, log) {
  const admin = member(base, 250_000, null);
  const login = await admin.request('admin', '/api/user/login', { method: 'POST', body: ADMIN });
  if (!login.ok) throw new Error(`the admin could not sign in (${login.status})`);
  const events = (await admin.request('admin', '/api/admin/events')).json().data;
  const now = Date.now();
  const event =
    events.find((e) => !e.cancelledAt && Date.parse(e.event_date) > now && e.price > 0) ?? events.find((e) => !e.cancelledAt);
  if (!event) return null;
  const fields = ['title', 'description', 'date', 'time', 'durationMinutes', 'place', 'churchId', 'address', 'photo', 'price'];
  const body = { ...Object.fromEntries(fields.map((f) => [f, event[f]])), seats: 100_000 };
  const put = await admin.request('admin', `/api/admin/events/${event._id}`, { method: 'PUT', body });
  if (!put.ok)
    log(`  could not give the event more seats (${put.status}: ${put.text.slice(0, 200)}); sold-out answers count as refused`);
  return event._id;
}

async function countWritten(database, prefix) {
  const like = `${prefix}-%`;
  const query = `SELECT
      (SELECT count(*) FROM prayers p JOIN users u ON u.id = p.user_id WHERE u.email LIKE $1)::int AS prayers,
      (SELECT count(*) FROM story_likes l JOIN users u ON u.id = l.user_id WHERE u.email LIKE $1)::int AS likes,
      (SELECT count(*) FROM bookings b JOIN users u ON u.id = b.user_id WHERE u.email LIKE $1 AND b.status = 'paid')::int AS tickets`;
  const requireFromApi = createRequire(path.join(root, 'api/package.json'));
  if (database.url) {
    const { Client } = requireFromApi('pg');
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(query, [like])).rows[0];
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import(requireFromApi.resolve('@electric-sql/pglite'));
  const db = await PGlite.create({ dataDir: path.join(database.dataDir, 'db') });
  try {
    return (await db.query(query, [like])).rows[0];
  } finally {
    await db.close();
  }
}

async function rushOn(label, database, { members, seconds, log }) {
  const prefix = `rush-${Date.now().toString(36)}`;
  const env = database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir };
  log(`Rush on ${label}: adding ${members} confirmed members (cli.ts members)`);
  await runCli(['members', String(members), PASSWORD, prefix], env);
  log(
    `  starting the server (${Object.entries(SETTINGS)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')})`,
  );
  const server = await startServer({ ...env, ...SETTINGS, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const base = server.url;
  let result;
  try {
    const eventId = await eventForSale(base, log);
    const storyList = await (await fetch(`${base}/api/story`)).json();
    const stories = (Array.isArray(storyList) ? storyList : storyList.data).map((s) => s._id);
    if (!stories.length) throw new Error('no published story to like');

    log(`  signing in ${members} members (not timed)`);
    const clients = [];
    const setupStats = new Stats();
    const stats = new Stats();
    // Sign-ins are counted apart; once every member is in, the rush's own requests.
    const sink = { target: setupStats, add: (...args) => sink.target.add(...args) };
    await pool(
      Array.from({ length: members }, (_, i) => i),
      8,
      async (i) => {
        const client = member(base, i + 1, sink);
        const res = await client.request('sign-in', '/api/user/login', {
          method: 'POST',
          body: { email: `${prefix}-${i + 1}@members.example`, password: PASSWORD },
        });
        if (res.ok) clients.push({ ...client, id: res.json().data._id });
      },
    );
    if (clients.length < members) log(`  only ${clients.length} of ${members} members could sign in`);

    log(`  ${clients.length} members for ${seconds} s`);
    sink.target = stats;
    const acknowledged = { prayers: 0, likes: new Set(), tickets: 0 };
    const deadline = Date.now() + seconds * 1000;
    const act = async (m) => {
      const action = pick(ACTIONS);
      if (action === 'page') await m.request('page', PAGES[Math.floor(Math.random() * PAGES.length)]);
      else if (action === 'read') await m.request('api read', READS[Math.floor(Math.random() * READS.length)]);
      else if (action === 'like') {
        const story = stories[Math.floor(Math.random() * stories.length)];
        const res = await m.request('like', `/api/story/like/${story}`, { method: 'POST', body: { liked: true } });
        if (res.ok) acknowledged.likes.add(`${m.id}|${story}`);
      } else if (action === 'prayer') {
        const res = await m.request('prayer', `/api/prayers/add/${m.id}`, {
          method: 'POST',
          body: {
            text: `Please pray for our family this week, and for everyone travelling home after the service (${m.ip}).`,
            anonymous: false,
          },
          expect: [201],
        });
        if (res.ok) acknowledged.prayers += 1;
      } else if (action === 'ticket' && eventId) {
        const checkout = await m.request('ticket checkout', '/api/payment/create-checkout-session', {
          method: 'POST',
          body: { user: m.id, event: eventId, items: [{ quantity: 1, price: null }] },
          refusedStatuses: [409, 429],
        });
        if (!checkout.ok) return;
        const bookingId = /\/pay\/checkout\/([^/?]+)/.exec(checkout.json().data)?.[1];
        const paid = await m.request('ticket payment', `/pay/checkout/${bookingId}/complete`, {
          method: 'POST',
          expect: [303],
          refusedStatuses: [409],
        });
        if (paid.ok && paid.location?.startsWith('/booking/success')) acknowledged.tickets += 1;
      }
    };
    const started = Date.now();
    await Promise.all(
      clients.map(async (m) => {
        // Members arrive over the first seconds, then read and act with a pause between.
        await sleep(Math.random() * Math.min(5000, seconds * 250));
        while (Date.now() < deadline) {
          await act(m);
          await sleep(500 + Math.random() * 2500);
        }
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    const kinds = stats.summary();
    const total = Object.values(kinds).reduce((s, k) => s + k.requests, 0);
    result = {
      members: clients.length,
      seconds: elapsed,
      requests: total,
      requestsPerSecond: Math.round(total / elapsed),
      errors: Object.values(kinds).reduce((s, k) => s + k.errors, 0),
      refused: Object.values(kinds).reduce((s, k) => s + k.refused, 0),
      kinds,
      signIn: setupStats.summary()['sign-in'],
      acknowledged: { prayers: acknowledged.prayers, likes: acknowledged.likes.size, tickets: acknowledged.tickets },
      eventId,
      serverPeakRss: server.memory()?.peakRss ?? null,
    };
    log(
      `    ${total} requests (${result.requestsPerSecond}/s), ${result.errors} errors, ${result.refused} refused; p99 ${Object.entries(
        kinds,
      )
        .map(([k, v]) => `${k} ${v.p99Ms} ms`)
        .join(', ')}`,
    );
  } finally {
    await server.stop();
  }
  // After the server stopped (the embedded database is locked while it runs).
  const written = await countWritten(database, prefix);
  const lost = {
    prayers: result.acknowledged.prayers - written.prayers,
    likes: result.acknowledged.likes - written.likes,
    tickets: result.acknowledged.tickets - written.tickets,
  };
  log(`    acknowledged ${JSON.stringify(result.acknowledged)}, in the database ${JSON.stringify(written)}`);
  return { ...result, written, lost, lostWrites: Object.values(lost).reduce((s, n) => s + Math.max(0, n), 0) };
}

export async function benchRush({ quick = false, postgres = true, log = console.log } = {}) {
  const seconds = quick ? 15 : 60;
  const members = MEMBERS;
  const databases = {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ministry-rush-'));
  try {
    databases.pglite = await attempt('rush on PGlite', log, () => rushOn('PGlite', { dataDir }, { members, seconds, log }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!postgres) databases.postgres = { skipped: 'not asked for (--no-pg)' };
  else {
    const pg = await attempt('PostgreSQL setup', log, () => throwawayPostgres(log));
    if (!pg.url) databases.postgres = { skipped: pg.skipped ?? pg.error };
    else {
      try {
        databases.postgres = await attempt('rush on PostgreSQL', log, () =>
          rushOn('PostgreSQL', { url: pg.url }, { members, seconds, log }),
        );
      } finally {
        await pg.drop();
      }
    }
  }
  return {
    measuredAt: new Date().toISOString(),
    members,
    seconds,
    settings: {
      ...SETTINGS,
      'X-Forwarded-For': 'one address per member',
      seats: 'the event sold gets 100,000 seats (staff API)',
      members: 'created confirmed before the start (cli.ts members)',
    },
    actions: Object.fromEntries(ACTIONS),
    databases,
  };
}
