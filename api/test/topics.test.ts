/**
 * The topics of the site's public data (src/lib/topics.ts): what each page
 * names in its app's manifest is one of them, so a write that clears a
 * topic renews every page that shows it (a page naming a topic no write
 * clears would stay as it was rendered); every write route names the
 * topics it changes (plugins/dataChanges.ts), or the app does not start.
 * That each topic's writes renew its pages: topic-staleness.test.ts.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerDataChanges, writesChange } from '../src/plugins/dataChanges.js';
import { DATA_TOPICS, isDataTopic } from '../src/lib/topics.js';

const require = createRequire(path.resolve(import.meta.dirname, '../../package.json'));
const { APP_DIRS, readApp } = require('./config/apps.cjs') as {
  APP_DIRS: string[];
  readApp: (dir: string) => { pages: { path: string; data?: string[] }[] };
};

describe('the topics of the public data', () => {
  it("every page's data, in every app's manifest, is a topic the API clears", () => {
    const unknown = APP_DIRS.flatMap((dir) =>
      readApp(dir).pages.flatMap((page) =>
        (page.data ?? []).filter((t) => !isDataTopic(t)).map((t) => `${dir} ${page.path}: ${t}`),
      ),
    );
    assert.deepEqual(unknown, []);
  });

  it('every topic is shown by some page', () => {
    const shown = new Set(APP_DIRS.flatMap((dir) => readApp(dir).pages.flatMap((page) => page.data ?? [])));
    assert.deepEqual(
      DATA_TOPICS.filter((t) => !shown.has(t)),
      [],
    );
  });

  /** A bare app with the plugin, whose cache records what is cleared. */
  async function appWith(routes: (app: FastifyInstance) => Promise<void>) {
    const cleared: string[] = [];
    const app = Fastify();
    app.decorate('answerCache', { clear: (topic: string) => cleared.push(topic) } as unknown as FastifyInstance['answerCache']);
    registerDataChanges(app);
    await app.register(routes, { prefix: '/api' });
    return { app, cleared };
  }

  it('a write route that names no topics keeps the app from starting, naming it', async () => {
    const { app } = await appWith(async (scope) => {
      scope.post('/named', { config: { changes: [] } }, async () => ({}));
      scope.post('/silent', async () => ({}));
    });
    await assert.rejects(async () => {
      await app.ready();
    }, /POST \/api\/silent/);
  });

  it("a successful write clears its topics (its own, or its module's), a failed one or a read clears nothing", async () => {
    const { app, cleared } = await appWith(async (scope) => {
      writesChange(scope, ['prayers', 'stories']);
      scope.post('/comment', async () => ({}));
      scope.put('/own', { config: { changes: ['events'] } }, async () => ({}));
      scope.post('/refused', async (_request, reply) => reply.status(400).send({}));
      scope.get('/read', async () => ({}));
    });
    await app.inject({ method: 'POST', url: '/api/comment' });
    assert.deepEqual(cleared.splice(0), ['prayers', 'stories']);
    await app.inject({ method: 'PUT', url: '/api/own' });
    assert.deepEqual(cleared.splice(0), ['events']);
    await app.inject({ method: 'POST', url: '/api/refused' });
    await app.inject({ method: 'GET', url: '/api/read' });
    assert.deepEqual(cleared, []);
    await app.close();
  });
});
