import type { FastifyInstance } from 'fastify';
import { YearThemeBody } from '@ministry/shared/contracts';
import { LIST_TTL } from '../../lib/answerCache.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { requireRole, staffOnly } from '../../plugins/session.js';
import { envelope, errors, listOf, yearThemeSchema } from '../../schemas/entities.js';
import { recordActivity } from '../activity/service.js';
import { currentYearTheme, listYearThemes, removeYearTheme, saveYearTheme, siteYearOf } from './service.js';
import { writesChange } from '../../plugins/dataChanges.js';

/** The page cache's and the answers' topic: the home page shows the theme (shell/app.json). */
export const YEAR_THEME_TOPIC = 'year-theme';

const TITLE_MAX = 120;
const VERSE_MAX = 300;
const yearParams = {
  type: 'object',
  required: ['year'],
  properties: { year: { type: 'string', pattern: '^[0-9]{4}$' } },
} as const;
const maybeTheme = { anyOf: [yearThemeSchema, { type: 'null' }] } as const;

/** A year the staff may give a theme: four digits, from last century to the next. */
function yearOf(param: string): number {
  const year = Number(param);
  if (!Number.isInteger(year) || year < 1900 || year > 2999) throw badRequest('Give a year such as 2026.');
  return year;
}

/**
 * GET /api/year-theme: the theme of the year it is on the ministry's clock
 * (data: { year, title, verse }), or data: null when the staff gave this
 * year none; for everyone, cached briefly.
 */
export async function yearThemeRoutes(app: FastifyInstance): Promise<void> {
  app.get('', { schema: { response: { 200: envelope(maybeTheme) } } }, async (_request, reply) =>
    app.answerCache.send(reply, YEAR_THEME_TOPIC, LIST_TTL.content, async () => ({
      data: await currentYearTheme(app.db, app.clock.now()),
    })),
  );
}

/**
 * The staff's (editors and admins) themes of the years, on /admin:
 * GET /api/admin/year-themes: every year's theme, the latest first, and the
 * year it is now (`currentYear`);
 * PUT /api/admin/year-themes/{year} { title, verse }: sets that year's theme;
 * DELETE /api/admin/year-themes/{year}: removes it.
 * Each change is recorded in the activity log and clears the home page.
 */
export async function staffYearThemeRoutes(app: FastifyInstance): Promise<void> {
  // The year's theme on the home page.
  writesChange(app, [YEAR_THEME_TOPIC]);
  const staff = staffOnly('editor');

  app.get(
    '',
    {
      onRequest: staff,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { data: listOf(yearThemeSchema), currentYear: { type: 'integer' } },
          },
          ...errors(401, 403),
        },
      },
    },
    async () => ({ data: await listYearThemes(app.db), currentYear: siteYearOf(app.clock.now()) }),
  );

  app.put<{ Params: { year: string }; Body: { title: string; verse?: string } }>(
    '/:year',
    {
      onRequest: staff,
      schema: { params: yearParams, body: YearThemeBody, response: { 200: envelope(yearThemeSchema), ...errors(400, 401, 403) } },
    },
    async (request) => {
      const editor = requireRole(request, 'editor');
      const year = yearOf(request.params.year);
      const title = request.body.title.replace(/\s+/g, ' ').trim();
      const verse = (request.body.verse ?? '').replace(/\s+/g, ' ').trim();
      if (!title) throw badRequest('Write the theme of the year.', { title: 'Write the theme of the year' });
      if (title.length > TITLE_MAX)
        throw badRequest(`The theme is at most ${TITLE_MAX} characters.`, {
          title: `At most ${TITLE_MAX} characters`,
        });
      if (verse.length > VERSE_MAX)
        throw badRequest(`The verse is at most ${VERSE_MAX} characters.`, { verse: `At most ${VERSE_MAX} characters` });
      const theme = { year, title, verse };
      const { existed } = await saveYearTheme(app.db, theme);
      await recordActivity(app.db, editor, {
        action: existed ? 'updated' : 'created',
        subjectType: 'year-theme',
        subjectId: String(year),
        summary: `Theme of ${year} ${existed ? 'changed to' : 'set:'} "${title}"`,
      });
      return { data: theme };
    },
  );

  app.delete<{ Params: { year: string } }>(
    '/:year',
    { onRequest: staff, schema: { params: yearParams, response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) } } },
    async (request, reply) => {
      const editor = requireRole(request, 'editor');
      const year = yearOf(request.params.year);
      if (!(await removeYearTheme(app.db, year))) throw notFound(`The theme of ${year}`);
      await recordActivity(app.db, editor, {
        action: 'deleted',
        subjectType: 'year-theme',
        subjectId: String(year),
        summary: `Theme of ${year} removed`,
      });
      return reply.status(204).send();
    },
  );
}
