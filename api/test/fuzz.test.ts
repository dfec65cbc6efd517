/**
 * Hostile input, property-based: every API route receives malformed and
 * hostile paths, queries, bodies and Origins, signed out and signed in. The server
 * never answers 5xx, never leaks a stack trace, stays up, and rows that
 * existed before are unchanged afterwards.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createMember, describeEachDatabase, json } from './helpers.js';

const TABLES = [
  'users',
  'churches',
  'events',
  'news',
  'press_releases',
  'devotionals',
  'prayers',
  'stories',
  'comments',
  'story_likes',
  'newsletter_subscribers',
];
/** Columns that valid requests may legitimately change on existing rows (seat holds by a member's checkout). */
// Columns a well-formed request changes by design: seats held and sold by a checkout, and the
// requester's "people prayed" mail (its time and its turn-off token) when the member presses "I prayed".
const VOLATILE = new Set(['seats_held', 'seats_sold', 'prayer_mail_sent_at', 'prayer_mail_token']);

async function snapshot(app: FastifyInstance, skipUser: string): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  for (const table of TABLES) {
    const result = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(app.db);
    for (const row of result.rows) {
      if (table === 'users' && row.id === skipUser) continue;
      const key = `${table}:${String(row.id ?? `${String(row.story_id)}/${String(row.user_id)}`)}:${String(row.email ?? '')}`;
      const stable = Object.fromEntries(Object.entries(row).filter(([k]) => !VOLATILE.has(k)));
      rows.set(key, createHash('sha256').update(JSON.stringify(stable)).digest('hex'));
    }
  }
  return rows;
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    "'; DROP TABLE users; --",
    '../../../../etc/passwd',
    '%00',
    '\u0000\u0001\u0002',
    '__proto__',
    'constructor',
    '{{7*7}}',
    '${7*7}',
    'null',
    '-1',
    '1e309',
    'NaN',
    '😀'.repeat(50),
  ),
  fc.string({ minLength: 3000, maxLength: 5000 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

const FIELDS = [
  'email',
  'password',
  'remember',
  'firstname',
  'lastname',
  'birth_date',
  'gender',
  'civil_status',
  'church',
  'countryOfOrigin',
  'country',
  'city',
  'seniority',
  'source',
  'currentPassword',
  'token',
  'text',
  'content',
  'story',
  'user',
  'items',
  'event',
  'quantity',
  'price',
  'type',
  'frequency',
  '__proto__',
  'constructor',
  'prototype',
  'role',
  '_id',
  'status',
];

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 }),
  fc.jsonValue(),
  fc.record({
    items: fc.array(fc.record({ quantity: hostileValue, price: hostileValue }), { maxLength: 3 }),
    user: hostileValue,
    event: hostileValue,
  }),
);

type Payload = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string };
const payload: fc.Arbitrary<Payload> = fc.oneof(
  { weight: 6, arbitrary: body.map((value) => ({ kind: 'json' as const, value })) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        text: fc.oneof(
          fc.string(),
          fc.constant('{"email": '),
          fc.constant('[1,2'),
          fc.constant('--x\r\nContent-Disposition: form-data; name="photo"\r\n\r\nabc\r\n--x--'),
        ),
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'application/xml',
        ),
      })
      .map((r) => ({ kind: 'raw' as const, ...r })),
  },
);

/** Mostly the site's own Origin (sent by browserLike), sometimes none, null or a foreign one. */
const origin = fc.oneof(
  { weight: 5, arbitrary: fc.constant('own' as const) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, 'null', '', 'https://evil.example') },
);

function assertSafe(route: string, res: { statusCode: number; body: string }) {
  assert.ok(res.statusCode < 500, `${route} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  assert.ok(
    !/\n\s+at .+\(.+:\d+:\d+\)|node_modules|\/src\//.test(res.body),
    `${route} leaked internals: ${res.body.slice(0, 300)}`,
  );
}

describeEachDatabase('hostile input on every route', (ctx) => {
  let member: { id: string; cookie: string };
  let ids: string[];

  before(async () => {
    const { app } = ctx();
    member = await createMember(app);
    const other = await createMember(app);
    const first = async (url: string) => {
      const answer = json<{ data?: { _id: string }[] } | { _id: string }[]>(await app.inject({ url }));
      return (Array.isArray(answer) ? answer : (answer.data ?? []))[0]?._id;
    };
    ids = [
      member.id,
      other.id,
      ...(await Promise.all(['/api/events', '/api/story/', '/api/devotionals', '/api/prayers/'].map(first))),
    ].filter((x): x is string => Boolean(x));
  });

  it('never answers 5xx, never leaks internals, and changes no stored row', async () => {
    const { app } = ctx();
    const routes = app.routeList.filter((r) => /^\/(api|pay|socialuser)\b/.test(r.url));
    assert.ok(routes.length >= 25, `only ${routes.length} routes found`);
    const before = await snapshot(app, member.id);

    const param = fc.oneof(
      fc.constantFrom(...ids),
      fc.uuid(),
      hostileString.filter((s) => s.length > 0),
    );
    for (const route of routes) {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      await fc.assert(
        fc.asyncProperty(
          fc.array(param, { minLength: names.length, maxLength: names.length }),
          payload,
          fc.dictionary(fc.constantFrom('country', 'next', 'page', 'session_id', 'type', 'q'), hostileString, { maxKeys: 2 }),
          fc.boolean(),
          origin,
          async (values, input, query, signedIn, from) => {
            let url = route.url;
            names.forEach((name, i) => (url = url.replace(`:${name}`, encodeURIComponent(values[i]!))));
            url = url.replace('*', encodeURIComponent(values[0] ?? 'x'));
            const headers: Record<string, string | undefined> = signedIn ? { cookie: member.cookie } : {};
            if (from !== 'own') headers.origin = from;
            const hasBody = !['GET', 'DELETE'].includes(route.method);
            const res = await app.inject({
              method: route.method as 'GET',
              url,
              query,
              headers: hasBody ? { ...headers, 'content-type': input.kind === 'raw' ? input.type : 'application/json' } : headers,
              ...(hasBody ? { payload: input.kind === 'raw' ? input.text : JSON.stringify(input.value) } : {}),
            });
            assertSafe(`${route.method} ${url}`, res);
          },
        ),
        { numRuns: 12 },
      );
    }

    const health = await app.inject({ url: '/api/health' });
    assert.equal(health.statusCode, 200);
    const after = await snapshot(app, member.id);
    const changed = [...before].filter(([key, hash]) => after.get(key) !== hash).map(([key]) => key);
    assert.deepEqual(changed, [], 'rows that existed before were changed or removed');
  });
});
