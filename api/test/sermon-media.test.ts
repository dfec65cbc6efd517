/**
 * A sermon's files through the real API, on PGlite (the uploads folder) and
 * PostgreSQL (chunks in the database): uploads in parts, streamed to
 * storage; the size limit per kind (refused without storing anything);
 * files that are not what they claim; byte ranges (206, 416, ETag, long
 * cache); an upload used by a sermon and its feed; a bucket's signed
 * redirect.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import Parser from 'rss-parser';
import type { MediaUpload, Sermon, StaffSermon } from '@ministry/shared/types';
import { buildApp } from '../src/app.js';
import { SAMPLE_SERMON_MEDIA } from '../src/seed/sermons.js';
import { createMember, describeEachDatabase, freshDatabase, json, testConfig } from './helpers.js';

/** Small parts, so that a file of a few KB goes up in several. */
const PART = 4096;
const AUDIO_LIMIT = 64 * 1024;

/** A multipart body with one file field. */
function multipart(field: string, data: Buffer, fileName = 'part.bin'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sermon${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** What is stored of uploads: files in the folder (PGlite) or chunks and rows (PostgreSQL). */
async function storedBytes(app: FastifyInstance): Promise<{ files: string[]; chunks: number; rows: number }> {
  const dir = path.join(app.config.dataDir, 'uploads');
  const [{ chunks }, { rows }] = await Promise.all([
    app.db
      .selectFrom('upload_chunks')
      .select((eb) => eb.fn.countAll<string>().as('chunks'))
      .executeTakeFirstOrThrow(),
    app.db
      .selectFrom('media_files')
      .select((eb) => eb.fn.countAll<string>().as('rows'))
      .executeTakeFirstOrThrow(),
  ]);
  return { files: existsSync(dir) ? readdirSync(dir) : [], chunks: Number(chunks), rows: Number(rows) };
}

describeEachDatabase(
  'Sermon media',
  (ctx) => {
    let editor: { cookie: string };
    const staff = (
      method: 'POST' | 'PUT' | 'GET' | 'DELETE',
      url: string,
      payload?: object | Buffer,
      headers: Record<string, string> = {},
    ) => ctx().app.inject({ method, url, payload, headers: { cookie: editor.cookie, ...headers } });

    /** Uploads `data` part by part; answers each answer's state. */
    async function upload(kind: string, fileName: string, data: Buffer, announced = data.length): Promise<MediaUpload[]> {
      const started = await staff('POST', '/api/admin/sermons/media', { kind, fileName, size: announced });
      assert.equal(started.statusCode, 201, started.body);
      const states = [json<{ data: MediaUpload }>(started).data];
      let offset = 0;
      while (offset < data.length) {
        const part = data.subarray(offset, offset + PART);
        const { payload, headers } = multipart('part', part);
        const res = await staff('PUT', `/api/admin/sermons/media/${states[0]!._id}?offset=${offset}`, payload, headers);
        if (res.statusCode !== 200) throw Object.assign(new Error(res.body), { status: res.statusCode, body: res.body });
        states.push(json<{ data: MediaUpload }>(res).data);
        offset += part.length;
      }
      return states;
    }

    it('uploads a recording in parts, reads its length, and serves it with byte ranges', async () => {
      const { app } = ctx();
      editor = await createMember(app, { role: 'editor' });
      const mp3 = await readFile(path.join(SAMPLE_SERMON_MEDIA, 'the-lord-is-my-shepherd.mp3'));
      const states = await upload('audio', 'Sunday 1 March.mp3', mp3);
      assert.deepEqual(
        states.map((s) => s.received),
        [0, ...Array.from({ length: Math.ceil(mp3.length / PART) }, (_, i) => Math.min((i + 1) * PART, mp3.length))],
        'each part adds its bytes: the page shows the progress',
      );
      const done = states.at(-1)!;
      assert.equal(done.file?.type, 'audio/mpeg');
      assert.equal(done.file?.bytes, mp3.length);
      assert.equal(done.file?.seconds, 10, 'the length is read from the file');
      assert.match(done.file!.src, /^\/media\/uploads\/[0-9a-f]{24}\.mp3$/);

      const whole = await app.inject({ url: done.file!.src });
      assert.equal(whole.statusCode, 200);
      assert.ok(whole.rawPayload.equals(mp3));
      assert.equal(whole.headers['accept-ranges'], 'bytes');
      assert.equal(whole.headers['content-type'], 'audio/mpeg');
      assert.equal(whole.headers['cache-control'], 'public, max-age=31536000, immutable');
      const etag = String(whole.headers.etag);
      assert.match(etag, /^"[0-9a-f]{24}\.mp3-\d+"$/);

      const range = async (value: string, extra: Record<string, string> = {}) =>
        app.inject({ url: done.file!.src, headers: { range: value, ...extra } });
      const first = await range('bytes=0-99');
      assert.equal(first.statusCode, 206);
      assert.equal(first.headers['content-range'], `bytes 0-99/${mp3.length}`);
      assert.equal(first.headers['content-length'], '100');
      assert.ok(first.rawPayload.equals(mp3.subarray(0, 100)));
      const middle = await range(`bytes=${PART - 10}-${PART + 9}`);
      assert.equal(middle.statusCode, 206);
      assert.ok(middle.rawPayload.equals(mp3.subarray(PART - 10, PART + 10)), 'a range across two parts');
      const last = await range('bytes=-100');
      assert.equal(last.headers['content-range'], `bytes ${mp3.length - 100}-${mp3.length - 1}/${mp3.length}`);
      assert.ok(last.rawPayload.equals(mp3.subarray(-100)));
      const rest = await range(`bytes=${mp3.length - 5}-`);
      assert.ok(rest.rawPayload.equals(mp3.subarray(-5)));
      const past = await range(`bytes=${mp3.length}-`);
      assert.equal(past.statusCode, 416);
      assert.equal(past.headers['content-range'], `bytes */${mp3.length}`);
      assert.equal((await range(`bytes=${mp3.length + 1000}-${mp3.length + 2000}`)).statusCode, 416);
      // An If-Range that is not this file's: the whole file, not a piece of another.
      assert.equal((await range('bytes=0-99', { 'if-range': '"another"' })).statusCode, 200);
      assert.equal((await range('bytes=0-99', { 'if-range': etag })).statusCode, 206);
      assert.equal((await app.inject({ url: done.file!.src, headers: { 'if-none-match': etag } })).statusCode, 304);
      const head = await app.inject({ method: 'HEAD', url: done.file!.src });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers['content-length'], String(mp3.length));
      assert.equal(head.body, '');
      assert.equal((await app.inject({ url: '/media/uploads/0123456789abcdef01234567.mp3' })).statusCode, 404);
    });

    it('refuses a file over its kind’s size limit, and one larger than announced, storing nothing', async () => {
      const { app } = ctx();
      const before = await storedBytes(app);
      const tooLarge = await staff('POST', '/api/admin/sermons/media', {
        kind: 'audio',
        fileName: 'long.mp3',
        size: AUDIO_LIMIT + 1,
      });
      assert.equal(tooLarge.statusCode, 413);
      assert.equal(
        json<{ error: { message: string } }>(tooLarge).error.message,
        'That audio file is larger than 0 MB.'.replace('0 MB', `${Math.round(AUDIO_LIMIT / 1048576)} MB`),
      );
      assert.deepEqual(await storedBytes(app), before);

      // Announced small, then sent large: the part that goes past is refused and the upload ends.
      const bytes = Buffer.alloc(PART * 2, 7);
      await assert.rejects(upload('audio', 'lying.mp3', bytes, PART + 10), (error: { status?: number }) => error.status === 413);
      assert.deepEqual(await storedBytes(app), before, 'nothing of it is kept');

      // Not the file it claims to be: refused once its last part is in, nothing kept.
      await assert.rejects(
        upload('audio', 'notes.mp3', Buffer.from('These are my notes, not a recording.')),
        (error: { status?: number; body?: string }) => error.status === 400 && /not an MP3 or M4A file/.test(error.body ?? ''),
      );
      await assert.rejects(
        upload('transcript', 'captions.vtt', Buffer.from('1\n00:00:01.000 --> 00:00:02.000\nHello')),
        (error: { status?: number }) => error.status === 400,
      );
      assert.deepEqual(await storedBytes(app), before);

      const wrongKind = await staff('POST', '/api/admin/sermons/media', { kind: 'audio', fileName: 'sermon.wav', size: 100 });
      assert.equal(wrongKind.statusCode, 400);
      assert.match(json<{ error: { fields: Record<string, string> } }>(wrongKind).error.fields.fileName!, /MP3 or M4A/);
    });

    it('resumes from the last part stored, never out of order, and only for the one who started it', async () => {
      const { app } = ctx();
      const other = await createMember(app, { role: 'editor' });
      const member = await createMember(app);
      const started = json<{ data: MediaUpload }>(
        await staff('POST', '/api/admin/sermons/media', { kind: 'audio', fileName: 'resume.mp3', size: PART * 2 }),
      ).data;
      const part = multipart('part', Buffer.alloc(PART, 1));
      const skipped = await staff('PUT', `/api/admin/sermons/media/${started._id}?offset=${PART}`, part.payload, part.headers);
      assert.equal(skipped.statusCode, 409);
      assert.match(json<{ error: { message: string } }>(skipped).error.message, /starts at byte 0/);
      const theirs = await app.inject({
        method: 'PUT',
        url: `/api/admin/sermons/media/${started._id}?offset=0`,
        payload: part.payload,
        headers: { ...part.headers, cookie: other.cookie },
      });
      assert.equal(theirs.statusCode, 404, "another editor's upload is not found");
      const members = await app.inject({
        method: 'POST',
        url: '/api/admin/sermons/media',
        payload: { kind: 'audio', fileName: 'a.mp3', size: 10 },
        headers: { cookie: member.cookie },
      });
      assert.equal(members.statusCode, 403);
      // A part cut short is not kept: the upload still waits at byte 0.
      const short = multipart('part', Buffer.alloc(100, 1));
      assert.equal(
        (await staff('PUT', `/api/admin/sermons/media/${started._id}?offset=0`, short.payload, short.headers)).statusCode,
        400,
      );
      assert.equal(json<{ data: MediaUpload }>(await staff('GET', `/api/admin/sermons/media/${started._id}`)).data.received, 0);
      assert.equal(
        (await staff('PUT', `/api/admin/sermons/media/${started._id}?offset=0`, part.payload, part.headers)).statusCode,
        200,
      );
      assert.equal(
        json<{ data: MediaUpload }>(await staff('GET', `/api/admin/sermons/media/${started._id}`)).data.received,
        PART,
      );
      assert.equal((await staff('DELETE', `/api/admin/sermons/media/${started._id}`)).statusCode, 204);
      assert.equal((await staff('GET', `/api/admin/sermons/media/${started._id}`)).statusCode, 404);
    });

    it('limits the uploads one person has under way', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await staff('POST', '/api/admin/sermons/media', { kind: 'audio', fileName: `part-${i}.mp3`, size: 1000 });
        assert.equal(res.statusCode, 201);
        ids.push(json<{ data: MediaUpload }>(res).data._id);
      }
      const seventh = await staff('POST', '/api/admin/sermons/media', { kind: 'audio', fileName: 'seventh.mp3', size: 1000 });
      assert.equal(seventh.statusCode, 429);
      for (const id of ids) await staff('DELETE', `/api/admin/sermons/media/${id}`);
      assert.equal(
        (await staff('POST', '/api/admin/sermons/media', { kind: 'audio', fileName: 'again.mp3', size: 1000 })).statusCode,
        201,
      );
    });

    it('gives a sermon its uploaded recording and transcript: on its page, searchable, in the feed with the file’s size; removed with the sermon', async () => {
      const { app } = ctx();
      const mp3 = await readFile(path.join(SAMPLE_SERMON_MEDIA, 'love-never-fails.mp3'));
      const audio = (await upload('audio', 'love.mp3', mp3)).at(-1)!.file!;
      const vtt = Buffer.from(
        'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nFaith, hope and love remain.\n\n00:00:02.500 --> 00:00:05.000\nThe greatest of these is lovingkindness.\n',
      );
      const transcript = (await upload('transcript', 'love.vtt', vtt)).at(-1)!.file!;
      const speakers = json<{ data: { _id: string }[] }>(await staff('GET', '/api/admin/speakers')).data;
      const created = json<{ data: StaffSermon }>(
        await staff('POST', '/api/admin/sermons', {
          title: 'The Greatest of These',
          date: '2026-02-22',
          speaker: speakers[0]!._id,
          passages: '1 Cor 13:13',
          audio: audio.src,
          transcript: transcript.src,
        }),
      ).data;
      assert.equal(created.transcriptCues, 2);
      assert.equal(created.audio?.seconds, 6);
      await staff('POST', `/api/admin/sermons/${created._id}/publish`);

      const sermon = json<{ data: Sermon }>(await app.inject({ url: `/api/sermons/${created.slug}` })).data;
      assert.deepEqual(sermon.audio, { src: audio.src, type: 'audio/mpeg', bytes: mp3.length, seconds: 6 });
      assert.equal(sermon.transcript[1]!.text, 'The greatest of these is lovingkindness.');
      const found = json<{ data: { title: string }[] }>(await app.inject({ url: '/api/sermons?q=lovingkindness' })).data;
      assert.deepEqual(
        found.map((s) => s.title),
        ['The Greatest of These'],
        'the transcript’s words are searched',
      );

      const feed = await new Parser().parseString((await app.inject({ url: '/sermons/podcast.xml' })).body);
      const item = feed.items.find((i) => i.title === 'The Greatest of These')!;
      assert.equal(new URL(item.enclosure!.url).pathname, audio.src);
      assert.equal(Number(item.enclosure!.length), (await app.inject({ url: audio.src })).rawPayload.length);

      // A file not uploaded (or not finished) cannot be given to a sermon.
      const invented = await staff('POST', '/api/admin/sermons', {
        title: 'Invented',
        date: '2026-02-22',
        speaker: speakers[0]!._id,
        audio: '/media/uploads/0123456789abcdef01234567.mp3',
      });
      assert.equal(invented.statusCode, 400);
      assert.ok(json<{ error: { fields: Record<string, string> } }>(invented).error.fields.audio);

      assert.equal((await staff('DELETE', `/api/admin/sermons/${created._id}`)).statusCode, 204);
      assert.equal((await app.inject({ url: audio.src })).statusCode, 404, 'its files go with it');
      assert.equal((await app.inject({ url: transcript.src })).statusCode, 404);
    });
  },
  { config: { mediaPartBytes: PART, sermonMediaMaxBytes: { audio: AUDIO_LIMIT, video: AUDIO_LIMIT, transcript: 16 * 1024 } } },
);

it('sends visitors to a signed address of the bucket when uploads are kept in one', async () => {
  const { database, cleanup } = await freshDatabase('pglite');
  const app = await buildApp({
    database,
    config: testConfig({
      s3: {
        bucket: 'sermons',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        prefix: 'uploads/',
      },
    }),
    serveSite: false,
  });
  try {
    await app.db
      .insertInto('media_files')
      .values({
        name: '0123456789abcdef01234567.mp3',
        kind: 'audio',
        content_type: 'audio/mpeg',
        size: 1000,
        received: 1000,
        completed_at: new Date(),
      })
      .execute();
    const res = await app.inject({ url: '/media/uploads/0123456789abcdef01234567.mp3', headers: { range: 'bytes=0-99' } });
    assert.equal(res.statusCode, 302);
    const location = new URL(String(res.headers.location));
    assert.equal(location.origin, 'http://127.0.0.1:9');
    assert.equal(location.pathname, '/sermons/uploads/0123456789abcdef01234567.mp3');
    assert.ok(location.searchParams.get('X-Amz-Signature'));
    assert.equal(location.searchParams.get('X-Amz-Expires'), '3600');
  } finally {
    await app.close();
    await cleanup();
  }
});
