import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** GET /api/health: the server is up and its database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/health',
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
}
