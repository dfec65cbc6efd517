/**
 * Past one process: three server processes on PostgreSQL and Redis, behind
 * a small round-robin proxy this test runs (as a load balancer would,
 * trying another process when one refuses a connection or is closing).
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (`.ci/run` sets both when the
 * services answer); skipped otherwise.
 */
import assert from 'node:assert/strict';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../src/db/index.js';
import { createUser } from '../src/modules/users/service.js';
import { createPostgresDatabase, startServerProcess } from './helpers.js';
import { apiBuild } from '../../scripts/lib/build-api.mjs';

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const apiDir = path.resolve(import.meta.dirname, '..');

interface Backend {
  port: number;
  child: ChildProcess;
}

/**
 * Round-robin over the backends; a refused connection or a 503 from a closing
 * process is tried on the next backend after the one that failed (as a load
 * balancer tries the next upstream), never the one other requests moved on to.
 */
function startProxy(backends: () => Backend[]): Promise<{ server: Server; url: string }> {
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const first = next++;
      const attempt = (tries: number) => {
        const list = backends();
        const backend = list[(first + tries) % list.length]!;
        let answered = false;
        const forward = httpRequest(
          {
            host: '127.0.0.1',
            port: backend.port,
            // A connection of its own for each request, as a load balancer opens to its upstreams by default:
            // a kept-alive one may be closing with its process as it is reused.
            agent: false,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': String(req.headers['x-client-ip'] ?? '198.51.100.1') },
          },
          (answer) => {
            if (answer.statusCode === 503 && tries < 10) {
              answer.resume();
              return attempt(tries + 1);
            }
            answered = true;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        // Before an answer began, the next backend; once one began, it cannot be taken back.
        forward.on('error', () =>
          answered ? res.destroy() : tries < 10 ? setTimeout(() => attempt(tries + 1), 20) : res.writeHead(502).end(),
        );
        forward.end(body);
      };
      attempt(0);
    });
  });
  // The test's client keeps its connections to the proxy: none is closed for idling under it mid-test
  // (Node closes an idle one after 5 s, a race with a request just sent on it on a busy machine).
  server.keepAliveTimeout = 120_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

describe(
  'three server processes on PostgreSQL and Redis',
  { skip: enabled ? false : 'needs TEST_DATABASE_URL and TEST_REDIS_URL' },
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let env: Record<string, string>;
    const backends: Backend[] = [];
    let proxy: { server: Server; url: string };
    let redis: Redis;
    const prefix = `ministry-test-${randomBytes(4).toString('hex')}:`;

    const start = async (port?: number): Promise<Backend> => {
      const { child, url } = await startServerProcess({ ...env, ...(port ? { PORT: String(port) } : {}) });
      return { child, port: Number(new URL(url).port) };
    };
    const stop = (backend: Backend) =>
      new Promise<void>((resolve) => {
        if (backend.child.exitCode !== null) return resolve();
        backend.child.once('exit', () => resolve());
        backend.child.kill('SIGTERM');
      });
    const api = (url: string, init: RequestInit & { ip?: string } = {}) =>
      fetch(`${proxy.url}${url}`, {
        ...init,
        headers: { origin: proxy.url, 'x-client-ip': init.ip ?? '198.51.100.1', ...(init.headers as Record<string, string>) },
      });
    const json = (body: unknown) => ({
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

    before(async () => {
      if (!enabled) return;
      database = await createPostgresDatabase();
      redis = new Redis(process.env.TEST_REDIS_URL!);
      env = {
        DATABASE_URL: database.url,
        REDIS_URL: process.env.TEST_REDIS_URL!,
        REDIS_PREFIX: prefix,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ministry-scaling-')),
        TRUST_PROXY: 'true',
        LOGIN_FAILURES_PER_IP: '6',
        // A small last line per address (the default is sized for a congregation), to see it held across processes.
        LIMIT_SIGNUPS_PER_ADDRESS: '20',
        HOLD_SWEEP_SECONDS: '1',
        MODERATION: 'off',
        PRERENDER: 'off',
      };
      // The first prepares the database (migrations, sample content); then two more.
      backends.push(await start());
      backends.push(...(await Promise.all([start(), start()])));
      proxy = await startProxy(() => backends);
    });

    after(async () => {
      if (!enabled) return;
      await Promise.all(backends.map(stop));
      proxy?.server.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await database?.drop();
    });

    /** A member with a confirmed address, made in the database, signed in through the proxy. */
    async function member(name: string): Promise<{ id: string; cookie: string; email: string }> {
      const email = `${name}-${randomBytes(4).toString('hex')}@example.org`;
      const db = await openDatabase({ url: database.url, poolSize: 1 });
      const user = await createUser(db.db, {
        email,
        password: 'correct horse battery',
        firstname: 'Scale',
        lastname: 'Member',
        verified: true,
      }).finally(() => db.close());
      const login = await api('/api/user/login', {
        ...json({ email, password: 'correct horse battery' }),
        ip: `203.0.113.${1 + Math.floor(Math.random() * 200)}`,
      });
      assert.equal(login.status, 200, await login.clone().text());
      const cookie = login.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))!
        .split(';')[0]!;
      return { id: user._id, cookie, email };
    }

    it('the per-address login and sign-up limits hold across the processes', async () => {
      const ip = '192.0.2.77';
      // LOGIN_FAILURES_PER_IP=6 wrong passwords, spread over the three processes by the proxy.
      for (let i = 0; i < 6; i++)
        assert.equal(
          (await api('/api/user/login', { ...json({ email: `nobody${i}@example.org`, password: 'wrong one' }), ip })).status,
          400,
        );
      // Past them, the address gets one attempt every few seconds, whichever process answers.
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await api('/api/user/login', { ...json({ email: 'nobody@example.org', password: 'wrong one' }), ip })).status,
        );
      assert.deepEqual(statuses, [400, 429, 429]);

      const signupIp = '192.0.2.78';
      const church = ((await (await api('/api/locations')).json()) as { data: { _id: string }[] }).data[0]!._id;
      const signups = [];
      for (let i = 0; i < 21; i++) {
        const res = await api('/api/user/signup', {
          ...json({
            firstname: 'Many',
            lastname: 'Signups',
            email: `s${i}-${randomBytes(3).toString('hex')}@example.org`,
            password: 'long enough',
            birth_date: '1980-01-01',
            gender: 'Female',
            civil_status: 'Single',
            countryOfOrigin: 'Ghana',
            country: 'Ghana',
            city: 'Ashanti',
            church,
            seniority: 3,
            source: '',
          }),
          ip: signupIp,
        });
        signups.push(res.status);
      }
      assert.equal(
        signups.filter((s) => s === 429).length,
        1,
        `LIMIT_SIGNUPS_PER_ADDRESS=20, counted together: ${signups.join(' ')}`,
      );
      assert.equal(signups.at(-1), 429);
    });

    it('40 likes of one story by one member at once, spread over the processes, count once', async () => {
      const someone = await member('liker');
      const stories = (await (await api('/api/story/')).json()) as { _id: string; nbLikes: number }[];
      const story = stories[0]!;
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          // The state asked for, as the site sends it: without it each press toggles, and 40 toggles at once cancel out.
          api(`/api/story/like/${story._id}`, {
            ...json({ liked: true }),
            headers: { 'content-type': 'application/json', cookie: someone.cookie },
          }),
        ),
      );
      assert.ok(answers.every((a) => a.status === 200));
      // Every process's cached list is cleared within a second (through Redis); read until the like shows.
      const likes = async () =>
        ((await (await api('/api/story/')).json()) as { _id: string; nbLikes: number }[]).find((s) => s._id === story._id)!
          .nbLikes;
      let after = await likes();
      for (let tries = 0; after === story.nbLikes && tries < 30; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await likes();
      }
      assert.equal(after - story.nbLikes, 1);
    });

    it('a seat held through one process shows on the others within a second', async () => {
      const buyer = await member('buyer');
      const events = (await (await api('/api/events')).json()) as {
        data: { _id: string; seatsLeft: number; price_Id: string | null }[];
      };
      const event = events.data.find((e) => e.seatsLeft > 2)!;
      const checkout = await api('/api/payment/create-checkout-session', {
        ...json({ items: [{ quantity: 2, price: event.price_Id }], user: buyer.id, event: event._id }),
        headers: { ...json({}).headers, cookie: buyer.cookie },
      });
      assert.equal(checkout.status, 200, await checkout.clone().text());
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const backend of backends) {
        const list = (await (await fetch(`http://127.0.0.1:${backend.port}/api/events`)).json()) as {
          data: { _id: string; seatsLeft: number }[];
        };
        assert.equal(list.data.find((e) => e._id === event._id)!.seatsLeft, event.seatsLeft - 2, `process on ${backend.port}`);
      }
    });

    it('a photo uploaded through one process is served by the others', async () => {
      const owner = await member('photo');
      const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c9a227' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('photo', new Blob([picture], { type: 'image/jpeg' }), 'me.jpg');
      const upload = await fetch(`http://127.0.0.1:${backends[0]!.port}/api/user/updatePhoto/${owner.id}`, {
        method: 'PUT',
        body: form,
        headers: { cookie: owner.cookie, origin: `http://127.0.0.1:${backends[0]!.port}` },
      });
      assert.equal(upload.status, 200, await upload.clone().text());
      const photo = ((await upload.json()) as { data: { photo: string } }).data.photo;
      const copies = await Promise.all(
        backends.slice(1).map(async (b) => Buffer.from(await (await fetch(`http://127.0.0.1:${b.port}${photo}`)).arrayBuffer())),
      );
      const original = Buffer.from(await (await fetch(`http://127.0.0.1:${backends[0]!.port}${photo}`)).arrayBuffer());
      assert.ok(original.length > 100);
      for (const copy of copies) assert.ok(copy.equals(original));
    });

    it('expired holds are released once each, whatever the number of processes sweeping', async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT id, seats_held FROM events WHERE event_date > now() ORDER BY event_date LIMIT 1`,
        );
        const event = rows[0] as { id: string; seats_held: number };
        const user = (await client.query(`SELECT id FROM users LIMIT 1`)).rows[0] as { id: string };
        // 30 holds whose time is up, each of one seat.
        for (let i = 0; i < 30; i++) {
          await client.query(
            `INSERT INTO bookings (id, user_id, event_id, quantity, unit_price, status, provider, expires_at) VALUES (gen_random_uuid()::text, $1, $2, 1, 10, 'pending', 'local', now() - interval '1 minute')`,
            [user.id, event.id],
          );
        }
        await client.query(
          `UPDATE events SET number_of_seats = number_of_seats + 30, seats_held = seats_held + 30 WHERE id = $1`,
          [event.id],
        );
        // Three processes sweep every second.
        await new Promise((resolve) => setTimeout(resolve, 3500));
        const after = (await client.query(`SELECT seats_held FROM events WHERE id = $1`, [event.id])).rows[0] as {
          seats_held: number;
        };
        assert.equal(after.seats_held, event.seats_held, 'each hold gave its seat back once');
        const released = (
          await client.query(
            `SELECT count(*)::int AS n FROM bookings WHERE event_id = $1 AND status = 'expired' AND released_at IS NOT NULL`,
            [event.id],
          )
        ).rows[0] as { n: number };
        assert.equal(released.n >= 30, true);
      } finally {
        await client.end();
      }
    });

    it('a rolling restart of every process, while 200 requests a second flow, fails none of them', async () => {
      const failures: string[] = [];
      let sent = 0;
      let flowing = true;
      const flow = (async () => {
        const inFlight: Promise<void>[] = [];
        while (flowing) {
          sent++;
          inFlight.push(
            api('/api/events').then(
              (r) => {
                if (r.status !== 200) failures.push(`status ${r.status}`);
                return r.arrayBuffer().then(() => undefined);
              },
              (e: Error) =>
                void failures.push(`${e.message}${e.cause ? `: ${String((e.cause as Error).message ?? e.cause)}` : ''}`),
            ),
          );
          await new Promise((resolve) => setTimeout(resolve, 5)); // ~200 a second
        }
        await Promise.all(inFlight);
      })();
      for (let i = 0; i < backends.length; i++) {
        const old = backends[i]!;
        await stop(old);
        backends[i] = await start(old.port);
      }
      flowing = false;
      await flow;
      assert.ok(sent > 200, `${sent} requests were sent`);
      assert.deepEqual(failures, []);
    });

    it('a backup taken while members post, restored into an empty database, holds every post acknowledged before it began', async () => {
      const poster = await member('poster');
      const acknowledged: { id: string; at: number }[] = [];
      let posting = true;
      const posts = (async () => {
        for (let i = 0; posting; i++) {
          const res = await api(`/api/prayers/add/${poster.id}`, {
            ...json({ text: `Prayer number ${i}` }),
            headers: { ...json({}).headers, cookie: poster.cookie },
          });
          if (res.status === 201)
            acknowledged.push({ id: ((await res.json()) as { data: { _id: string } }).data._id, at: Date.now() });
          else await res.arrayBuffer();
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const cliFile = await apiBuild('cli');
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'ministry-backup-')), 'site.tar');
      const began = Date.now();
      const backup = spawnSync(process.execPath, [cliFile, 'backup', file], {
        cwd: apiDir,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });
      assert.equal(backup.status, 0, backup.stderr);
      await new Promise((resolve) => setTimeout(resolve, 300));
      posting = false;
      await posts;
      const before = acknowledged.filter((p) => p.at < began);
      assert.ok(before.length > 0, 'posts were acknowledged before the backup began');

      const target = await createPostgresDatabase();
      try {
        const restore = spawnSync(process.execPath, [cliFile, 'restore', file], {
          cwd: apiDir,
          env: { ...process.env, ...env, DATABASE_URL: target.url },
          encoding: 'utf8',
        });
        assert.equal(restore.status, 0, restore.stderr);
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        const { rows } = await client.query(`SELECT id FROM prayers WHERE id = ANY($1)`, [before.map((p) => p.id)]);
        await client.end();
        assert.equal(rows.length, before.length, 'every post acknowledged before the backup began is in it');
        const again = spawnSync(process.execPath, [cliFile, 'restore', file], {
          cwd: apiDir,
          env: { ...process.env, ...env, DATABASE_URL: target.url },
          encoding: 'utf8',
        });
        assert.notEqual(again.status, 0);
        assert.match(again.stderr, /not empty/);
      } finally {
        await target.drop();
        rmSync(path.dirname(file), { recursive: true, force: true });
      }
    });
  },
);
