import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * GET /api/health: the liveness probe (the process answers, and its
 * database). GET /api/ready: the readiness probe a load balancer asks
 * before sending visitors: 200 while the database (and Redis, when
 * configured) answer; 503 once the process is shutting down (it finishes
 * what it has, takes nothing new), or when one of them does not answer.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get(
    '/health',
    {
      schema: {
        response: { 200: { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } } } },
      },
    },
    async () => {
      await sql`SELECT 1`.execute(app.db);
      return { status: 'ok', database: app.dbKind };
    },
  );

  const readySchema = {
    type: 'object',
    properties: {
      ready: { type: 'boolean' },
      database: { type: 'boolean' },
      redis: { type: ['boolean', 'null'] },
      closing: { type: 'boolean' },
    },
  } as const;
  app.get('/ready', { schema: { response: { 200: readySchema, 503: readySchema } } }, async (_request, reply) => {
    const database = await sql`SELECT 1`.execute(app.db).then(
      () => true,
      () => false,
    );
    const redis = app.redis ? await app.redis.ping() : null;
    const ready = !closing && database && redis !== false;
    return reply
      .status(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ ready, database, redis, closing });
  });
}
