/**
 * The staff's calls for sermons (editors and admins):
 * - /api/admin/sermons: GET ?q=&state=&series=&speaker=&offset= a page of
 *   the list, drafts included; GET …/:id one, as the form edits it; POST
 *   creates a draft; PUT …/:id saves it; POST …/:id/publish (at its moment:
 *   now, or scheduled) and …/:id/unpublish; DELETE …/:id (its uploaded
 *   files go with it);
 * - /api/admin/sermons/media: uploads of audio, video and transcripts in
 *   parts (media.ts): POST starts one, PUT …/:id?offset= sends a part, GET
 *   …/:id tells where it stands, DELETE …/:id cancels it;
 * - /api/admin/sermon-series and /api/admin/speakers: list, one, create,
 *   save, delete.
 * Every change is in the activity log and clears the public answers and
 * pages that show sermons (lists, pages, feeds, the home page) at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MediaUploadBody,
  MediaUploadContract,
  SeriesBody,
  SermonBody,
  SpeakerBody,
  StaffSeriesContract,
  StaffSermonContract,
  StaffSermonPageContract,
  StaffSpeakerContract,
} from '@ministry/shared/contracts';
import { inSiteTimeZone } from '@ministry/shared/format';
import { mediaUploadSchema, seriesInputSchema, sermonInputSchema, speakerInputSchema } from '@ministry/shared/validation';
import type { ContentState } from '@ministry/shared/types';
import { badRequest } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import { answerSchema, envelope, errors, listOf } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import {
  beginUpload,
  cancelUpload,
  MEDIA_NAME,
  putPart,
  removeUnusedMedia,
  sweepAbandonedUploads,
  uploadState,
} from './media.js';
import {
  createSeries,
  createSermon,
  createSpeaker,
  deleteSeries,
  deleteSermon,
  deleteSpeaker,
  findStaffSeries,
  findStaffSermon,
  findStaffSpeaker,
  listStaffSermons,
  listStaffSeries,
  listStaffSpeakers,
  publishSermon,
  cleanSeriesInput,
  sermonValuesOf,
  cleanSpeakerInput,
  toStaffSermon,
  unpublishSermon,
  updateSeries,
  updateSermon,
  updateSpeaker,
} from './staff.js';
import { writesChange } from '../../plugins/dataChanges.js';

const staffSermonSchema = answerSchema(StaffSermonContract);
const staffSeriesSchema = answerSchema(StaffSeriesContract);
const staffSpeakerSchema = answerSchema(StaffSpeakerContract);
const uploadSchema = answerSchema(MediaUploadContract);

const idPath = { type: 'object', properties: { id: idParam }, required: ['id'], additionalProperties: false } as const;
const mediaPath = {
  type: 'object',
  properties: { id: { type: 'string', pattern: MEDIA_NAME } },
  required: ['id'],
  additionalProperties: false,
} as const;

type ListQuery = { q?: string; state?: ContentState; series?: string; speaker?: string; offset?: number };

/** 'Sermon "The good shepherd" scheduled for 12 March 2026 at 10:00' / '… published'. */
const publishedSummary = (title: string, publishAt: Date | string, now: Date) =>
  new Date(publishAt).getTime() > now.getTime()
    ? `Sermon "${title}" scheduled for ${inSiteTimeZone(new Date(publishAt)).format('D MMMM YYYY [at] HH:mm')}`
    : `Sermon "${title}" published`;

export async function staffSermonRoutes(app: FastifyInstance): Promise<void> {
  // The sermons, their series and speakers, as the public pages show them.
  writesChange(app, ['sermons']);
  const editor = staffOnly('editor');
  const record = (request: FastifyRequest, subjectType: string, subjectId: string, action: string, summary: string) =>
    recordActivity(app.db, requireRole(request, 'editor'), { action, subjectType, subjectId, summary });
  /** The public answers and pages that show sermons (the live page's latest sermon, the home page's). */
  const one = envelope(staffSermonSchema);

  // Unfinished uploads are removed after a day, by one process.
  app.jobs.every('media-uploads', 3600_000, () => sweepAbandonedUploads(app));

  app.get<{ Querystring: ListQuery }>(
    '',
    {
      onRequest: editor,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string', maxLength: 100 },
            state: { type: 'string', enum: ['draft', 'scheduled', 'published'] },
            series: idParam,
            speaker: idParam,
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
          },
          additionalProperties: false,
        },
        response: { 200: envelope(answerSchema(StaffSermonPageContract)), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await listStaffSermons(app.db, request.query, app.clock.now()) }),
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    { onRequest: editor, schema: { params: idPath, response: { 200: one, ...errors(400, 401, 403, 404) } } },
    async (request) => ({ data: await findStaffSermon(app.db, request.params.id.toLowerCase(), app.clock.now()) }),
  );

  app.post(
    '',
    { onRequest: editor, ...checkedBody, schema: { body: SermonBody, response: { 201: one, ...errors(400, 401, 403) } } },
    async (request, reply) => {
      const now = app.clock.now();
      const values = await sermonValuesOf(app, await readBody(request, sermonInputSchema));
      const row = await createSermon(app, values, now);
      await record(request, 'sermon', row.id, 'created', `Sermon "${row.title}" created as a draft`);
      return reply.status(201).send({ data: await toStaffSermon(app.db, row, now) });
    },
  );

  app.put<{ Params: { id: string } }>(
    '/:id',
    {
      onRequest: editor,
      ...checkedBody,
      schema: { params: idPath, body: SermonBody, response: { 200: one, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const now = app.clock.now();
      const values = await sermonValuesOf(app, await readBody(request, sermonInputSchema));
      const { before, after } = await updateSermon(app, request.params.id.toLowerCase(), values, now);
      await removeUnusedMedia(app, [before.audio_src, before.video_src, before.transcript_src]);
      await record(request, 'sermon', after.id, 'updated', `Sermon "${after.title}" updated`);
      return { data: await toStaffSermon(app.db, after, now) };
    },
  );

  for (const action of ['publish', 'unpublish'] as const) {
    app.post<{ Params: { id: string } }>(
      `/:id/${action}`,
      { onRequest: editor, schema: { params: idPath, response: { 200: one, ...errors(400, 401, 403, 404) } } },
      async (request) => {
        const now = app.clock.now();
        const id = request.params.id.toLowerCase();
        const row = action === 'publish' ? await publishSermon(app.db, id, now) : await unpublishSermon(app.db, id, now);
        if (row) {
          const summary =
            action === 'publish' ? publishedSummary(row.title, row.publish_at, now) : `Sermon "${row.title}" unpublished`;
          await record(request, 'sermon', id, `${action}ed`, summary);
        }
        return { data: await findStaffSermon(app.db, id, now) };
      },
    );
  }

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { onRequest: editor, schema: { params: idPath, response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) } } },
    async (request, reply) => {
      const row = await deleteSermon(app.db, request.params.id.toLowerCase());
      await removeUnusedMedia(app, [row.audio_src, row.video_src, row.transcript_src]);
      await record(request, 'sermon', row.id, 'deleted', `Sermon "${row.title}" deleted`);
      return reply.status(204).send();
    },
  );

  // Uploads.
  const upload = envelope(uploadSchema);

  app.post(
    '/media',
    {
      onRequest: editor,
      ...checkedBody,
      schema: { body: MediaUploadBody, response: { 201: upload, ...errors(400, 401, 403, 413, 429) } },
    },
    async (request, reply) => {
      const user = requireRole(request, 'editor');
      const input = await readBody(request, mediaUploadSchema);
      return reply.status(201).send({ data: await beginUpload(app, user.id, input) });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/media/:id',
    { onRequest: editor, schema: { params: mediaPath, response: { 200: upload, ...errors(400, 401, 403, 404) } } },
    async (request) => ({ data: await uploadState(app, requireRole(request, 'editor').id, request.params.id) }),
  );

  app.put<{ Params: { id: string }; Querystring: { offset: number } }>(
    '/media/:id',
    {
      onRequest: editor,
      schema: {
        params: mediaPath,
        querystring: {
          type: 'object',
          properties: { offset: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
          required: ['offset'],
          additionalProperties: false,
        },
        response: { 200: upload, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const user = requireRole(request, 'editor');
      const part = request.isMultipart()
        ? await request.file({ limits: { fileSize: app.config.mediaPartBytes + 1, files: 1 } })
        : undefined;
      if (!part || part.fieldname !== 'part')
        throw badRequest('Send the part as a file named "part".', { file: 'Please choose the file again' });
      return { data: await putPart(app, user.id, request.params.id, request.query.offset, part.file) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/media/:id',
    { onRequest: editor, schema: { params: mediaPath, response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      await cancelUpload(app, requireRole(request, 'editor').id, request.params.id);
      return reply.status(204).send();
    },
  );
}

/** /api/admin/sermon-series. */
export async function staffSeriesRoutes(app: FastifyInstance): Promise<void> {
  // The sermons, their series and speakers, as the public pages show them.
  writesChange(app, ['sermons']);
  const editor = staffOnly('editor');
  const record = (request: FastifyRequest, subjectId: string, action: string, summary: string) =>
    recordActivity(app.db, requireRole(request, 'editor'), { action, subjectType: 'sermon series', subjectId, summary });
  const one = envelope(staffSeriesSchema);

  app.get(
    '',
    { onRequest: editor, schema: { response: { 200: envelope(listOf(staffSeriesSchema)), ...errors(401, 403) } } },
    async () => ({ data: await listStaffSeries(app.db, app.clock.now()) }),
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    { onRequest: editor, schema: { params: idPath, response: { 200: one, ...errors(400, 401, 403, 404) } } },
    async (request) => ({ data: await findStaffSeries(app.db, request.params.id.toLowerCase(), app.clock.now()) }),
  );

  app.post(
    '',
    { onRequest: editor, ...checkedBody, schema: { body: SeriesBody, response: { 201: one, ...errors(400, 401, 403) } } },
    async (request, reply) => {
      const input = cleanSeriesInput(await readBody(request, seriesInputSchema));
      const now = app.clock.now();
      const row = await createSeries(app.db, input, now);
      await record(request, row.id, 'created', `Sermon series "${row.title}" created`);
      return reply.status(201).send({ data: await findStaffSeries(app.db, row.id, now) });
    },
  );

  app.put<{ Params: { id: string } }>(
    '/:id',
    {
      onRequest: editor,
      ...checkedBody,
      schema: { params: idPath, body: SeriesBody, response: { 200: one, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const input = cleanSeriesInput(await readBody(request, seriesInputSchema));
      const now = app.clock.now();
      const row = await updateSeries(app.db, request.params.id.toLowerCase(), input, now);
      await record(request, row.id, 'updated', `Sermon series "${row.title}" updated`);
      return { data: await findStaffSeries(app.db, row.id, now) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { onRequest: editor, schema: { params: idPath, response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) } } },
    async (request, reply) => {
      const row = await deleteSeries(app.db, request.params.id.toLowerCase());
      await record(request, row.id, 'deleted', `Sermon series "${row.title}" deleted; its sermons are in no series now`);
      return reply.status(204).send();
    },
  );
}

/** /api/admin/speakers. */
export async function staffSpeakerRoutes(app: FastifyInstance): Promise<void> {
  // The sermons, their series and speakers, as the public pages show them.
  writesChange(app, ['sermons']);
  const editor = staffOnly('editor');
  const record = (request: FastifyRequest, subjectId: string, action: string, summary: string) =>
    recordActivity(app.db, requireRole(request, 'editor'), { action, subjectType: 'speaker', subjectId, summary });
  const one = envelope(staffSpeakerSchema);

  app.get(
    '',
    { onRequest: editor, schema: { response: { 200: envelope(listOf(staffSpeakerSchema)), ...errors(401, 403) } } },
    async () => ({ data: await listStaffSpeakers(app.db) }),
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    { onRequest: editor, schema: { params: idPath, response: { 200: one, ...errors(400, 401, 403, 404) } } },
    async (request) => ({ data: await findStaffSpeaker(app.db, request.params.id.toLowerCase()) }),
  );

  app.post(
    '',
    { onRequest: editor, ...checkedBody, schema: { body: SpeakerBody, response: { 201: one, ...errors(400, 401, 403) } } },
    async (request, reply) => {
      const input = cleanSpeakerInput(await readBody(request, speakerInputSchema));
      const row = await createSpeaker(app.db, input, app.clock.now());
      await record(request, row.id, 'created', `Speaker "${row.name}" added`);
      return reply.status(201).send({ data: await findStaffSpeaker(app.db, row.id) });
    },
  );

  app.put<{ Params: { id: string } }>(
    '/:id',
    {
      onRequest: editor,
      ...checkedBody,
      schema: { params: idPath, body: SpeakerBody, response: { 200: one, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const input = cleanSpeakerInput(await readBody(request, speakerInputSchema));
      const row = await updateSpeaker(app.db, request.params.id.toLowerCase(), input, app.clock.now());
      await record(request, row.id, 'updated', `Speaker "${row.name}" updated`);
      return { data: await findStaffSpeaker(app.db, row.id) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { onRequest: editor, schema: { params: idPath, response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const row = await deleteSpeaker(app.db, request.params.id.toLowerCase());
      await record(request, row.id, 'deleted', `Speaker "${row.name}" removed`);
      return reply.status(204).send();
    },
  );
}
