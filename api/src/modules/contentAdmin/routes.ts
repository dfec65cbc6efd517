/**
 * The staff's calls for devotionals, news and press releases (editors and
 * admins), under /api/admin/devotionals, /api/admin/news, /api/admin/press:
 * - GET …?q=&tag=&state=&offset= a page of the list, drafts included
 *   (GET /api/admin/devotionals/tags: the tags in use);
 * - GET …/:id one, as the form edits it;
 * - POST … creates a draft; PUT …/:id saves it; POST …/:id/publish and
 *   …/:id/unpublish; DELETE …/:id.
 * Every change is recorded in the activity log and clears the public
 * answers it affects, so the public pages show it at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inSiteTimeZone } from '@ministry/shared/format';
import type { ArticleKind, ContentState } from '@ministry/shared/types';
import {
  ArticleBody,
  DevotionalBody,
  DevotionalTagContract,
  StaffArticleContract,
  StaffArticlePageContract,
  StaffDevotionalContract,
  StaffDevotionalPageContract,
} from '@ministry/shared/contracts';
import { articleInputSchema, contentMessages, devotionalInputSchema } from '@ministry/shared/validation';
import { idParam } from '../../lib/ids.js';
import { assertSiteMedia } from '../../lib/media.js';
import { checkedBody, readBody } from '../../lib/validate.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import { answerSchema, envelope, errors, listOf } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import {
  ARTICLE_KINDS,
  createArticle,
  deleteArticle,
  findStaffArticle,
  listStaffArticles,
  cleanArticleInput,
  setArticleStatus,
  updateArticle,
} from './articles.js';
import {
  createDevotional,
  deleteDevotional,
  findStaffDevotional,
  listDevotionalTags,
  listStaffDevotionals,
  publishDevotional,
  cleanDevotionalInput,
  toStaffDevotional,
  unpublishDevotional,
  updateDevotional,
} from './devotionals.js';

const state = { type: 'string', enum: ['draft', 'scheduled', 'published'] } as const;
const staffDevotionalSchema = answerSchema(StaffDevotionalContract);
const staffArticleSchema = answerSchema(StaffArticleContract);

const listQuery = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 100 },
    tag: { type: 'string', maxLength: 60 },
    state,
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  },
  additionalProperties: false,
} as const;

const idPath = { type: 'object', properties: { id: idParam }, required: ['id'], additionalProperties: false } as const;

type ListQuery = { q?: string; tag?: string; state?: ContentState; offset?: number };

/** 'Devotional "Walking in the light" scheduled for 12 March 2026' / '… published'. */
const publishedSummary = (name: string, title: string, publishAt: Date | string, now: Date) =>
  new Date(publishAt).getTime() > now.getTime()
    ? `${name} "${title}" scheduled for ${inSiteTimeZone(new Date(publishAt)).format('D MMMM YYYY')}`
    : `${name} "${title}" published`;

export async function contentAdminRoutes(app: FastifyInstance): Promise<void> {
  const editor = staffOnly('editor');
  /** The form's image must be a photo uploaded here or one of the site's own (lib/media.ts). */
  const withSiteImage = async <T extends Record<F, string>, F extends string>(input: T, field: F): Promise<T> => {
    await assertSiteMedia(app, input[field], field, contentMessages.imageInvalid);
    return input;
  };
  const record = (request: FastifyRequest, subjectType: string, subjectId: string, action: string, summary: string) =>
    recordActivity(app.db, requireRole(request, 'editor'), { action, subjectType, subjectId, summary });

  // Devotionals: a change shows on the public devotional pages (a new one is a draft, seen by nobody yet).
  const devotionalPages = { changes: ['devotionals'] } as const;
  const one = envelope(staffDevotionalSchema);

  app.get<{ Querystring: ListQuery }>(
    '/devotionals',
    {
      onRequest: editor,
      schema: {
        querystring: listQuery,
        response: { 200: envelope(answerSchema(StaffDevotionalPageContract)), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await listStaffDevotionals(app.db, request.query, app.clock.now()) }),
  );

  app.get(
    '/devotionals/tags',
    {
      onRequest: editor,
      schema: {
        response: {
          200: envelope(listOf(answerSchema(DevotionalTagContract))),
          ...errors(401, 403),
        },
      },
    },
    async () => ({ data: await listDevotionalTags(app.db) }),
  );

  app.get<{ Params: { id: string } }>(
    '/devotionals/:id',
    { onRequest: editor, schema: { params: idPath, response: { 200: one, ...errors(400, 401, 403, 404) } } },
    async (request) => ({ data: await findStaffDevotional(app.db, request.params.id.toLowerCase(), app.clock.now()) }),
  );

  app.post(
    '/devotionals',
    {
      onRequest: editor,
      config: { changes: [] },
      ...checkedBody,
      schema: { body: DevotionalBody, response: { 201: one, ...errors(400, 401, 403) } },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const row = await createDevotional(
        app.db,
        await withSiteImage(cleanDevotionalInput(await readBody(request, devotionalInputSchema)), 'image'),
        now,
      );
      await record(request, 'devotional', row.id, 'created', `Devotional "${row.title}" created as a draft`);
      return reply.status(201).send({ data: toStaffDevotional(row, now) });
    },
  );

  app.put<{ Params: { id: string } }>(
    '/devotionals/:id',
    {
      onRequest: editor,
      config: devotionalPages,
      ...checkedBody,
      schema: { params: idPath, body: DevotionalBody, response: { 200: one, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const now = app.clock.now();
      const { after } = await updateDevotional(
        app.db,
        request.params.id.toLowerCase(),
        await withSiteImage(cleanDevotionalInput(await readBody(request, devotionalInputSchema)), 'image'),
        now,
      );
      await record(request, 'devotional', after.id, 'updated', `Devotional "${after.title}" updated`);
      return { data: toStaffDevotional(after, now) };
    },
  );

  for (const action of ['publish', 'unpublish'] as const) {
    app.post<{ Params: { id: string } }>(
      `/devotionals/:id/${action}`,
      {
        onRequest: editor,
        config: devotionalPages,
        schema: { params: idPath, response: { 200: one, ...errors(400, 401, 403, 404) } },
      },
      async (request) => {
        const now = app.clock.now();
        const id = request.params.id.toLowerCase();
        const changed =
          action === 'publish' ? await publishDevotional(app.db, id, now) : await unpublishDevotional(app.db, id, now);
        if (changed) {
          const summary =
            action === 'publish'
              ? publishedSummary('Devotional', changed.title, changed.published_at, now)
              : `Devotional "${changed.title}" unpublished`;
          await record(request, 'devotional', id, `${action}ed`, summary);
        }
        return { data: await findStaffDevotional(app.db, id, now) };
      },
    );
  }

  app.delete<{ Params: { id: string } }>(
    '/devotionals/:id',
    {
      onRequest: editor,
      config: devotionalPages,
      schema: { params: idPath, response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const row = await deleteDevotional(app.db, request.params.id.toLowerCase());
      await record(request, 'devotional', row.id, 'deleted', `Devotional "${row.title}" deleted`);
      return reply.status(204).send();
    },
  );

  // News items and press releases.
  for (const kind of ['news', 'press'] as ArticleKind[]) {
    const { name, subject } = ARTICLE_KINDS[kind];
    const base = `/${kind}`;
    // A change shows in the public answers of this kind: /api/news/recent (news:…), /api/pressrelease (press).
    const kindPages = { changes: [kind] };
    const item = envelope(staffArticleSchema);

    app.get<{ Querystring: ListQuery }>(
      base,
      {
        onRequest: editor,
        schema: {
          querystring: listQuery,
          response: { 200: envelope(answerSchema(StaffArticlePageContract)), ...errors(400, 401, 403) },
        },
      },
      async (request) => ({ data: await listStaffArticles(app.db, kind, request.query, app.clock.now()) }),
    );

    app.get<{ Params: { id: string } }>(
      `${base}/:id`,
      { onRequest: editor, schema: { params: idPath, response: { 200: item, ...errors(400, 401, 403, 404) } } },
      async (request) => ({ data: await findStaffArticle(app.db, kind, request.params.id.toLowerCase(), app.clock.now()) }),
    );

    app.post(
      base,
      {
        onRequest: editor,
        config: { changes: [] },
        ...checkedBody,
        schema: { body: ArticleBody, response: { 201: item, ...errors(400, 401, 403) } },
      },
      async (request, reply) => {
        const article = await createArticle(
          app.db,
          kind,
          await withSiteImage(cleanArticleInput(await readBody(request, articleInputSchema)), 'photo'),
          app.clock.now(),
        );
        await record(request, subject, article._id, 'created', `${name} "${article.title}" created as a draft`);
        return reply.status(201).send({ data: article });
      },
    );

    app.put<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        onRequest: editor,
        config: kindPages,
        ...checkedBody,
        schema: { params: idPath, body: ArticleBody, response: { 200: item, ...errors(400, 401, 403, 404) } },
      },
      async (request) => {
        const article = await updateArticle(
          app.db,
          kind,
          request.params.id.toLowerCase(),
          await withSiteImage(cleanArticleInput(await readBody(request, articleInputSchema)), 'photo'),
          app.clock.now(),
        );
        await record(request, subject, article._id, 'updated', `${name} "${article.title}" updated`);
        return { data: article };
      },
    );

    for (const action of ['publish', 'unpublish'] as const) {
      app.post<{ Params: { id: string } }>(
        `${base}/:id/${action}`,
        {
          onRequest: editor,
          config: kindPages,
          schema: { params: idPath, response: { 200: item, ...errors(400, 401, 403, 404) } },
        },
        async (request) => {
          const now = app.clock.now();
          const id = request.params.id.toLowerCase();
          const article = await setArticleStatus(app.db, kind, id, action === 'publish' ? 'published' : 'draft', now);
          if (article) {
            const summary =
              action === 'publish'
                ? publishedSummary(name, article.title, article.publishAt, now)
                : `${name} "${article.title}" unpublished`;
            await record(request, subject, id, `${action}ed`, summary);
          }
          return { data: article ?? (await findStaffArticle(app.db, kind, id, now)) };
        },
      );
    }

    app.delete<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        onRequest: editor,
        config: kindPages,
        schema: { params: idPath, response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) } },
      },
      async (request, reply) => {
        const id = request.params.id.toLowerCase();
        const { title } = await deleteArticle(app.db, kind, id);
        await record(request, subject, id, 'deleted', `${name} "${title}" deleted`);
        return reply.status(204).send();
      },
    );
  }
}
