/** Which page of its list a community post is on, for links to one post (from a story's prayer, a mail, the best stories). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { PostPageNumberContract } from '@ministry/shared/contracts';
import type { Database } from '../../db/index.js';
import { notFound } from '../../lib/errors.js';
import { idParam } from '../../lib/ids.js';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { visibleTo } from './visibility.js';

/** The page (from 1, newest first, `pageSize` a page) the post `id` of `table` is on for this viewer; undefined when they cannot see it. */
export async function pageOfPost(
  db: Kysely<Database>,
  table: 'prayers' | 'stories',
  id: string,
  viewerId: string | null,
  pageSize: number,
): Promise<number | undefined> {
  // Both tables have the columns read here; the one named stands for either.
  const from = `${table} as p` as 'prayers as p';
  const post = await db
    .selectFrom(from)
    .select(['p.created_at', 'p.id'])
    .where('p.id', '=', id)
    .where(visibleTo('p', viewerId))
    .executeTakeFirst();
  if (!post) return undefined;
  const newer = await db
    .selectFrom(from)
    .select(sql<string>`count(*)`.as('n'))
    .where(visibleTo('p', viewerId))
    .where((eb) =>
      eb.or([
        eb('p.created_at', '>', post.created_at),
        eb.and([eb('p.created_at', '=', post.created_at), eb('p.id', '>', post.id)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Math.floor(Number(newer.n) / pageSize) + 1;
}

/** `{ data: { page } }`, `page` required as it always was (answerSchema leaves every `required` out). */
const pageAnswer = envelope({ type: 'object', required: ['page'], properties: answerSchema(PostPageNumberContract).properties });

/** GET `url` (`…/:id/page`): `{ data: { page } }`, or 404 naming the post (`missing`) when the viewer cannot see it. */
export function postPageRoute(
  app: FastifyInstance,
  url: string,
  { table, pageSize, missing }: { table: 'prayers' | 'stories'; pageSize: number; missing: string },
): void {
  app.get<{ Params: { id: string } }>(
    url,
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idParam } },
        response: { 200: pageAnswer, ...errors(400, 404) },
      },
    },
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const page = await pageOfPost(app.db, table, request.params.id, request.sessionUser?.id ?? null, pageSize);
      if (page === undefined) throw notFound(missing);
      return { data: { page } };
    },
  );
}
