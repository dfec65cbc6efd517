/**
 * The apps' releases:
 * - GET /api/admin/releases (admins): the release page's overview;
 * - POST /api/admin/releases/:app/promote and /:app/rollback (admins): what
 *   `npm run promote` and `npm run rollback` do, in the activity log;
 * - PUT /api/admin/releases/canary-opt-in (admins): this browser sees every canary;
 * - POST /api/releases/errors (anyone): a browser's anonymous report of a
 *   page view whose code of an app threw (see src/site/releaseHealth.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ReleaseErrorBody, ReleasesOverviewContract } from '@ministry/shared/contracts';
import type { ReleaseErrorReport } from '@ministry/shared/types';
import { conflict } from '../../lib/errors.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import { answerSchema, envelope, errors } from '../../schemas/entities.js';
import { CANARY_OPT_IN_COOKIE } from '../../site/releaseCookies.js';
import { recordActivity } from '../activity/service.js';
import { changeRelease, releasesOverview, type ReleaseAction } from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

const overviewSchema = answerSchema(ReleasesOverviewContract);
const changeSchema = {
  type: 'object',
  properties: { from: { type: 'string' }, to: { type: 'string' }, canary: { type: 'boolean' } },
} as const;
const appParams = {
  type: 'object',
  required: ['app'],
  properties: { app: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } },
  additionalProperties: false,
} as const;

export async function releaseAdminRoutes(app: FastifyInstance): Promise<void> {
  // A release renders its pages afresh on its own (site/).
  writesChange(app, []);
  const admin = staffOnly('admin');

  app.get(
    '',
    { onRequest: admin, schema: { response: { 200: envelope(overviewSchema), ...errors(401, 403) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { registry, health } = app.releases;
      return {
        data: {
          apps: await releasesOverview(registry, health),
          optedIn: request.cookies?.[CANARY_OPT_IN_COOKIE] === '1',
          rollbackAfterErrorViews: app.config.canaryMinErrorViews,
          rollbackAtErrorFactor: app.config.canaryErrorFactor,
        },
      };
    },
  );

  app.put<{ Body: { optedIn: boolean } }>(
    '/canary-opt-in',
    {
      onRequest: admin,
      schema: {
        body: {
          type: 'object',
          required: ['optedIn'],
          properties: { optedIn: { type: 'boolean' } },
          additionalProperties: false,
        },
        response: { 200: envelope({ type: 'object', properties: { optedIn: { type: 'boolean' } } }), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { optedIn } = request.body;
      if (optedIn)
        reply.setCookie(CANARY_OPT_IN_COOKIE, '1', {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.secureCookies,
          maxAge: 30 * 86400,
        });
      else reply.clearCookie(CANARY_OPT_IN_COOKIE, { path: '/' });
      return { data: { optedIn } };
    },
  );

  for (const action of ['promote', 'rollback'] as const satisfies readonly ReleaseAction[]) {
    app.post<{ Params: { app: string } }>(
      `/:app/${action}`,
      {
        onRequest: admin,
        schema: { params: appParams, response: { 200: envelope(changeSchema), ...errors(400, 401, 403, 409) } },
      },
      async (request) => {
        const user = requireRole(request, 'admin');
        const dir = request.params.app;
        const by = `${user.firstname} ${user.lastname}`.trim() || user.email;
        let result: { from: string; to: string; canary: boolean };
        try {
          result = changeRelease(app.releases.registry, dir, action, by);
        } catch (error) {
          throw conflict(
            `${dir} could not be ${action === 'promote' ? 'promoted' : 'rolled back'}: ${(error as Error).message}.`,
          );
        }
        const summary =
          action === 'promote'
            ? `Release ${result.to} of ${dir} promoted: live for everyone (was ${result.from})`
            : result.canary
              ? `Canary ${result.from} of ${dir} rolled back: its visitors are back on ${result.to}`
              : `Release ${result.from} of ${dir} rolled back to ${result.to}`;
        await recordActivity(app.db, user, {
          action: action === 'promote' ? 'promoted' : 'rolled back',
          subjectType: 'release',
          subjectId: `${dir}@${result.to}`,
          summary,
        });
        request.log.warn(`${dir}: ${summary} by ${by}`);
        return { data: result };
      },
    );
  }
}

export async function releaseErrorRoutes(app: FastifyInstance): Promise<void> {
  // An error report changes no page.
  writesChange(app, []);
  app.post<{ Body: ReleaseErrorReport }>(
    '/errors',
    {
      // A last line per address: a browser reports once per page load and app.
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: { body: ReleaseErrorBody, response: { 204: { type: 'null' }, ...errors(400, 429) } },
    },
    async (request, reply) => {
      const { app: name, release, message } = request.body;
      const page = request.body.page.split('?')[0];
      const counted = await app.releases.health.reportError({ app: name, release, message, page });
      if (counted) request.log.info({ app: name, release, page }, `a page view with errors: ${message}`);
      return reply.code(204).send();
    },
  );
}
