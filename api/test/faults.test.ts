/**
 * Crash safety: the server is killed with SIGKILL while members post; after
 * a restart on the same data every acknowledged post is there (PGlite in a
 * folder, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createPostgresDatabase, databaseKinds, startServerProcess as startServer } from './helpers.js';
import { openDatabase } from '../src/db/index.js';

const exit = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));

/**
 * The poster: the admin the server creates at start (ADMIN_EMAIL), whose
 * posts are published at once and not held to the members' hourly limit,
 * so four writers post as fast as the server takes them.
 */
const POSTER = { email: 'crash-poster@example.org', password: 'a long password' };

async function logIn(url: string): Promise<{ id: string; cookie: string }> {
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(POSTER),
  });
  const id = ((await login.json()) as { data: { _id: string } }).data._id;
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;
  return { id, cookie };
}

for (const kind of databaseKinds()) {
  describe(`SIGKILL while members post [${kind}]`, () => {
    it('loses no acknowledged post', { timeout: 180_000 }, async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ministry-crash-'));
      const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
      const env = { DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', ADMIN_EMAIL: POSTER.email, ADMIN_PASSWORD: POSTER.password };
      try {
        const first = await startServer(env);
        const member = await logIn(first.url);
        const acknowledged: string[] = [];
        let stop = false;
        const writer = async (n: number) => {
          for (let i = 0; !stop; i++) {
            try {
              const res = await fetch(`${first.url}/api/prayers/add/${member.id}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', cookie: member.cookie, origin: first.url },
                body: JSON.stringify({ text: `prayer ${n}-${i}` }),
              });
              if (res.status === 201) acknowledged.push(((await res.json()) as { data: { _id: string } }).data._id);
            } catch {
              return; // the server is gone
            }
          }
        };
        const writers = [0, 1, 2, 3].map(writer);
        // Killed mid-stream, once the server has acknowledged a good number of posts (however busy the machine).
        const deadline = Date.now() + 60_000;
        while (acknowledged.length < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        first.child.kill('SIGKILL');
        stop = true;
        await Promise.all(writers);
        await exit(first.child);
        assert.ok(acknowledged.length > 20, `only ${acknowledged.length} posts were acknowledged before the kill`);

        // The server comes back on the same data (the stale lock is taken over) and serves again.
        const second = await startServer(env);
        assert.equal((await fetch(`${second.url}/api/prayers/`)).status, 200);
        second.child.kill('SIGTERM');
        await exit(second.child);

        const database = await openDatabase(pg ? { url: pg.url } : { dataDir: path.join(dataDir, 'db') });
        try {
          const rows = await database.db.selectFrom('prayers').select('id').where('user_id', '=', member.id).execute();
          const stored = new Set(rows.map((r) => r.id));
          const lost = acknowledged.filter((id) => !stored.has(id));
          assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged posts were lost`);
        } finally {
          await database.close();
        }
      } finally {
        await pg?.drop();
      }
    });
  });
}
