/**
 * Never oversold, for real: two API server processes on one PostgreSQL
 * database, 300 signed-in members asking over HTTP for the 50 seats of an
 * event at the same moment, half on each process. Exactly 50 are held, then
 * sold, and the event's seat counts agree with its bookings. Runs when
 * TEST_DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { MinistryEvent } from '@ministry/shared/types';
import { openDatabase } from '../src/db/index.js';
import { newId } from '../src/lib/ids.js';
import { signedInBuyers, type Buyer } from './buyers.js';
import { createPostgresDatabase, databaseKinds, startServerProcess } from './helpers.js';

const BUYERS = 300;
const SEATS = 50;

interface ApiProcess {
  child: ChildProcess;
  url: string;
}

/** The API in its own process, paying with the local provider, moderating as a site does by default. */
const startApi = (env: Record<string, string>): Promise<ApiProcess> =>
  startServerProcess({ PAYMENT_PROVIDER: 'local', MODERATION: 'on', ...env });

async function stopApi(api: ApiProcess): Promise<void> {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return;
  const exited = new Promise((resolve) => api.child.once('exit', resolve));
  api.child.kill('SIGTERM');
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A checkout as the site's page sends it: JSON, the member's cookie, the site's own Origin. */
const checkout = (api: ApiProcess, buyer: Buyer, eventId: string) =>
  fetch(`${api.url}/api/payment/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: buyer.cookie, origin: api.url },
    body: JSON.stringify({ items: [{ quantity: 1, price: null }], user: buyer.id, event: eventId }),
  });

describe('never oversold: two API processes on one PostgreSQL database', () => {
  it(
    `${BUYERS} concurrent buyers over HTTP for ${SEATS} seats hold, then buy, exactly ${SEATS}`,
    { skip: !databaseKinds().includes('postgres') && 'TEST_DATABASE_URL is not set', timeout: 120_000 },
    async () => {
      const { url, drop } = await createPostgresDatabase();
      const apis: ApiProcess[] = [];
      const database = await openDatabase({ url, poolSize: 4 });
      try {
        const env = { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ministry-oversell-')) };
        // One after the other: the first migrates and seeds, the second finds it done.
        apis.push(await startApi(env));
        apis.push(await startApi(env));

        const eventId = newId();
        await database.db
          .insertInto('events')
          .values({
            id: eventId,
            title: 'Fifty Seats Only',
            description: 'An event for the overselling test.',
            photo: '/media/event-1.svg',
            event_date: new Date(Date.now() + 30 * 86_400_000),
            seat_price: 10,
            number_of_seats: SEATS,
            price_id: null,
          })
          .execute();
        const buyers = await signedInBuyers(database.db, BUYERS);

        // Everyone at once, every other buyer on the other process.
        const answers = await Promise.all(
          buyers.map(async (buyer, i) => {
            const res = await checkout(apis[i % 2], buyer, eventId);
            return { buyer, status: res.status, body: (await res.json()) as { data?: string; error?: { message: string } } };
          }),
        );
        const statuses = answers.map((a) => a.status);
        assert.equal(statuses.filter((s) => s === 200).length, SEATS, `answers: ${[...new Set(statuses)].join(', ')}`);
        assert.equal(statuses.filter((s) => s === 409).length, BUYERS - SEATS);
        const winners = answers.filter((a) => a.status === 200);
        // Both processes sold seats.
        assert.ok(
          winners.some((a) => buyers.indexOf(a.buyer) % 2 === 0) && winners.some((a) => buyers.indexOf(a.buyer) % 2 === 1),
        );
        assert.ok(
          answers.filter((a) => a.status === 409).every((a) => /sold out|seats? (is|are) left/.test(a.body.error?.message ?? '')),
        );

        /** The event's counters beside what its bookings say. */
        const counts = async () => {
          const event = await database.db
            .selectFrom('events')
            .select(['seats_held', 'seats_sold'])
            .where('id', '=', eventId)
            .executeTakeFirstOrThrow();
          const { rows } = await sql<{ status: string; seats: number }>`
            SELECT status, SUM(quantity)::int AS seats FROM bookings WHERE event_id = ${eventId} GROUP BY status`.execute(
            database.db,
          );
          const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.seats]));
          return { held: event.seats_held, sold: event.seats_sold, pending: byStatus.pending ?? 0, paid: byStatus.paid ?? 0 };
        };
        assert.deepEqual(await counts(), { held: SEATS, sold: 0, pending: SEATS, paid: 0 });

        // Every winner pays at once, on the other process than the one that held the seats.
        const paid = await Promise.all(
          winners.map(({ buyer, body }) => {
            const api = apis[(buyers.indexOf(buyer) + 1) % 2];
            return fetch(`${api.url}${body.data}/complete`, {
              method: 'POST',
              headers: { cookie: buyer.cookie, origin: api.url },
              redirect: 'manual',
            });
          }),
        );
        assert.deepEqual([...new Set(paid.map((r) => r.status))], [303]);
        assert.deepEqual(await counts(), { held: 0, sold: SEATS, pending: 0, paid: SEATS });

        // Both processes say it is sold out, and refuse one more buyer.
        for (const api of apis) {
          const event = ((await (await fetch(`${api.url}/api/events/search/${eventId}`)).json()) as { data: MinistryEvent }).data;
          assert.equal(event.seatsLeft, 0);
          const again = await checkout(api, answers.find((a) => a.status === 409)!.buyer, eventId);
          assert.equal(again.status, 409);
        }
        assert.deepEqual(await counts(), { held: 0, sold: SEATS, pending: 0, paid: SEATS });
      } finally {
        await Promise.all(apis.map(stopApi));
        await database.close();
        await drop();
      }
    },
  );
});
