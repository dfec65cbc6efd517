/**
 * Runs the test files named on its command line in this one process, one
 * after the other: `node --import tsx --test-reporter=spec test/together.ts
 * test/a.test.ts test/b.test.ts`. Importing the API through tsx costs a
 * process ~2.5 CPU-seconds before its first test; `npm test` runs the API's
 * files in a few of these instead of one process per file.
 *
 * Each file is a suite named after it: what it registers at its top level
 * (its tests, and hooks such as closing a fake server it started) belongs
 * to that suite, so its `after` runs when its own tests end.
 */
import path from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';
// First, at the top level: its hooks run once every file's tests are done (the embedded databases it keeps).
import './helpers.js';

for (const file of process.argv.slice(2)) {
  describe(path.basename(file), async () => {
    await import(pathToFileURL(path.resolve(file)).href);
  });
}
