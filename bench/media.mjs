/**
 * Sermon audio served with byte ranges (the `media` part): an MP3 of a few
 * megabytes is uploaded through the staff's API (in parts, as the staff
 * page does), then phones' requests are played against it: the first
 * 64 KiB (the player starts), a range in the middle (a seek) and the last
 * 64 KiB (the length read at the end), each with autocannon, beside the same
 * requests to a static file of the same bytes served by the same server
 * from its media folder (@fastify/static, which answers ranges too). On
 * PGlite, where uploads are files in DATA_DIR/uploads.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load, summarize } from './load.mjs';
import { root, startServer } from './lib.mjs';

export const MEDIA_CONNECTIONS = 20;
export const MEDIA_RATIO_TARGET = 0.8;
const ROUNDS = 3;
const RANGE = 64 * 1024;
const TARGET_BYTES = 4 * 1024 * 1024;
const ADMIN = { email: 'bench-admin@example.org', password: 'a bench admin password' };

/** A recording of about TARGET_BYTES: the sample sermon's MP3 again and again (a player reads it as the first). */
function recording() {
  const sample = readFileSync(path.join(root, 'api/content/media/sermons/the-lord-is-my-shepherd.mp3'));
  return Buffer.concat(Array.from({ length: Math.ceil(TARGET_BYTES / sample.length) }, () => sample));
}

/** Uploads `bytes` as a sermon's audio through the staff's API; answers its address. */
async function upload(siteUrl, bytes) {
  const headers = { origin: siteUrl };
  const login = await fetch(`${siteUrl}/api/user/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, remember: false }),
  });
  if (login.status !== 200) throw new Error(`the bench's admin could not log in: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const started = await fetch(`${siteUrl}/api/admin/sermons/media`, {
    method: 'POST',
    headers: { ...headers, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'audio', fileName: 'bench.mp3', size: bytes.length }),
  });
  let state = (await started.json()).data;
  if (started.status !== 201) throw new Error(`the upload could not start: ${started.status} ${JSON.stringify(state)}`);
  while (!state.file) {
    const form = new FormData();
    form.append('part', new Blob([bytes.subarray(state.received, state.received + state.partBytes)]), 'bench.mp3');
    const res = await fetch(`${siteUrl}/api/admin/sermons/media/${state._id}?offset=${state.received}`, {
      method: 'PUT',
      headers: { ...headers, cookie },
      body: form,
    });
    const answer = await res.json();
    if (res.status !== 200) throw new Error(`a part was refused: ${res.status} ${JSON.stringify(answer)}`);
    state = answer.data;
  }
  return state.file.src;
}

export async function benchMedia({ quick = false, log = console.log } = {}) {
  const seconds = quick ? 3 : 12;
  const warmupSeconds = quick ? 1 : 2;
  const bytes = recording();
  log(`Media: starting the server (PGlite) and uploading a ${(bytes.length / 1024 / 1024).toFixed(1)} MiB recording`);
  const server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PASSWORD_HASH_COST: 'low' });
  const name = `bench-audio-${process.pid}.mp3`;
  const file = path.join(root, 'api/content/media', name);
  writeFileSync(file, bytes);
  try {
    const uploaded = `${server.url}${await upload(server.url, bytes)}`;
    const staticUrl = `${server.url}/media/${name}`;
    const middle = Math.floor(bytes.length / 2);
    const ranges = {
      'first 64 KiB': `bytes=0-${RANGE - 1}`,
      'a seek (64 KiB in the middle)': `bytes=${middle}-${middle + RANGE - 1}`,
      'last 64 KiB': `bytes=-${RANGE}`,
    };
    const results = {};
    for (const [label, range] of Object.entries(ranges)) {
      const headers = { range };
      log(`  ${label} (${range}): ${seconds} s beside the static file, in ${ROUNDS} turns`);
      await load(uploaded, { seconds: warmupSeconds, connections: MEDIA_CONNECTIONS, headers });
      await load(staticUrl, { seconds: warmupSeconds, connections: MEDIA_CONNECTIONS, headers });
      const uploadRounds = [];
      const staticRounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        uploadRounds.push(await load(uploaded, { seconds: seconds / ROUNDS, connections: MEDIA_CONNECTIONS, headers }));
        staticRounds.push(await load(staticUrl, { seconds: seconds / ROUNDS, connections: MEDIA_CONNECTIONS, headers }));
      }
      const served = summarize(uploadRounds);
      const reference = summarize(staticRounds);
      // 206 is what a range asks for: autocannon counts it as 2xx.
      const ratio = reference.requestsPerSecond ? served.requestsPerSecond / reference.requestsPerSecond : null;
      results[label] = { range, upload: served, static: reference, ratio, met: ratio !== null && ratio >= MEDIA_RATIO_TARGET };
      log(
        `    upload ${served.requestsPerSecond}/s (p99 ${served.latencyP99Ms} ms), static ${reference.requestsPerSecond}/s (p99 ${reference.latencyP99Ms} ms): ${(ratio * 100).toFixed(0)}%`,
      );
    }
    return {
      measuredAt: new Date().toISOString(),
      bytes: bytes.length,
      connections: MEDIA_CONNECTIONS,
      seconds,
      rounds: ROUNDS,
      ratioTarget: MEDIA_RATIO_TARGET,
      ranges: results,
      serverPeakRss: server.memory()?.peakRss ?? null,
    };
  } finally {
    rmSync(file, { force: true });
    await server.stop();
  }
}
