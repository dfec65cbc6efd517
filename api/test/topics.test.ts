/**
 * The topics of the site's public data (src/lib/topics.ts): what each page
 * names in its app's manifest is one of them, so a write that clears a
 * topic renews every page that shows it (a page naming a topic no write
 * clears would stay as it was rendered).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { topicsChangedBy } from '../src/plugins/dataChanges.js';
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

  it("the community's writes clear the wall and the stories, and reads clear nothing", () => {
    assert.deepEqual(topicsChangedBy('POST', '/api/prayers/add/'), ['prayers']);
    assert.deepEqual(topicsChangedBy('POST', '/api/comments/:id'), ['prayers', 'stories']);
    assert.deepEqual(topicsChangedBy('GET', '/api/prayers/add/'), []);
  });
});
