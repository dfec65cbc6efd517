/**
 * @ministry/shared is versioned for real (scripts/lib/shared-exports.mjs):
 * what it exports is recorded at its version, a change without a new
 * version fails the check `npm test` and every release run, and taking a
 * version records since when each entry has been as it is (what the builds
 * ask for). On a copy of the package.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { canonicalType, checkSharedExports, readRecord, takeVersion } from '../../scripts/lib/shared-exports.mjs';

const repo = path.resolve(import.meta.dirname, '../..');
const require = createRequire(path.join(repo, 'package.json'));
const { sharedConfig } = require('./config/webpack.base.cjs') as { sharedConfig: (app: { folder: string }) => unknown };
const semver = require('semver') as { satisfies: (version: string, range: string) => boolean };
/** Where the exports read are kept for the next process (scripts/lib/shared-exports.mjs). */
const keptFolder = path.join(repo, '.cache/shared-exports');

describe("shared's version and its exports", () => {
  let top: string;
  let shared: string;
  before(() => {
    // Inside the repository, so the copy resolves the workspace's packages as shared itself does.
    mkdirSync(path.join(repo, '.cache'), { recursive: true });
    top = mkdtempSync(path.join(repo, '.cache', 'shared-copy-'));
    shared = path.join(top, 'shared');
    cpSync(path.join(repo, 'shared'), shared, {
      recursive: true,
      filter: (file) => !file.includes(`${path.sep}node_modules`),
    });
    symlinkSync(path.join(repo, 'shared/node_modules'), path.join(shared, 'node_modules'));
    cpSync(path.join(repo, 'tsconfig.base.json'), path.join(top, 'tsconfig.base.json'));
  });
  after(() => rmSync(top, { recursive: true, force: true }));

  const edit = (file: string, change: (text: string) => string) => {
    const full = path.join(shared, file);
    writeFileSync(full, change(readFileSync(full, 'utf8')));
  };
  const version = () => JSON.parse(readFileSync(path.join(shared, 'package.json'), 'utf8')).version as string;

  it('the repository’s record is up to date', () => {
    assert.deepEqual(checkSharedExports(shared), []);
  });

  it("a value of one of the language's own types (a RegExp) is recorded by the type's name, not by the members a TypeScript library gives it", () => {
    const exports = readRecord(shared)!.entries.validation.exports;
    for (const name of ['MEDIA_PATH', 'SITE_IMAGE'])
      assert.deepEqual({ ...exports[name], since: undefined }, { since: undefined, kind: 'value', signature: 'RegExp' }, name);
    assert.deepEqual(checkSharedExports(shared), [], 'and read anew, it is the same');
  });

  it('an export added without a new version fails the check, naming it and the version to take; taking it records it', () => {
    const was = version();
    edit('src/format/index.ts', (text) => `${text}\nexport function eventsHeading() {\n  return 'Recent Events v2';\n}\n`);
    const [problem] = checkSharedExports(shared);
    assert.match(problem, /format: eventsHeading added/);
    assert.match(problem, new RegExp(`its version is still ${was.replace(/\./g, '\\.')}`));
    assert.match(problem, /npm run shared:version -- minor/);

    const { version: next } = takeVersion('minor', shared);
    const [major, minor] = was.split('.').map(Number);
    assert.equal(next, `${major}.${minor + 1}.0`);
    assert.equal(version(), next, 'package.json has the new version');
    assert.deepEqual(checkSharedExports(shared), []);
    const record = readRecord(shared)!;
    assert.equal(record.entries.format.since, next, 'the entry changed in the new version');
    assert.equal(record.entries.format.exports.eventsHeading.since, next);
    assert.equal(
      record.entries.format.exports.formatPrice.since,
      readRecord(path.join(repo, 'shared'))!.entries.format.exports.formatPrice.since,
    );
    assert.notEqual(record.entries.store.since, next, 'an entry that did not change keeps its version');
  });

  it("a member added to a type is a minor change, and a type's change does not move what the apps ask for at run time", () => {
    const typesSince = readRecord(shared)!.entries.types.since;
    edit('src/types/index.ts', (text) =>
      text.replace(
        'export interface Envelope<T> {',
        'export interface Envelope<T> {\n  /** Where it was first used. */\n  place?: string;',
      ),
    );
    const [problem] = checkSharedExports(shared);
    assert.match(problem, /types: Envelope added/);
    assert.match(problem, /npm run shared:version -- minor/);
    takeVersion('minor', shared);
    assert.equal(readRecord(shared)!.entries.types.since, typesSince, 'types are not run: the entry is asked for as before');
  });

  it('a type written out where its name stood before (or the reverse) is no change; a different one is', () => {
    edit(
      'src/types/index.ts',
      (text) =>
        `${text}\nexport interface CheckedSpan {\n  from: string;\n  to: number;\n}\nexport interface CheckedHolder {\n  span: CheckedSpan;\n}\n`,
    );
    takeVersion('minor', shared);
    const was = version();
    edit('src/types/index.ts', (text) => text.replace('  span: CheckedSpan;', '  span: { to: number; from: string };'));
    assert.deepEqual(checkSharedExports(shared), [], 'the same type, printed another way');
    edit('src/types/index.ts', (text) =>
      text.replace('  span: { to: number; from: string };', '  span: { to: string; from: string };'),
    );
    const [problem] = checkSharedExports(shared);
    assert.match(problem, /types: CheckedHolder changed/);
    assert.match(problem, /npm run shared:version -- major/);
    edit('src/types/index.ts', (text) => text.replace('  span: { to: string; from: string };', '  span: CheckedSpan;'));
    assert.deepEqual(checkSharedExports(shared), []);
    assert.equal(version(), was);
  });

  it('a changed signature needs a major version', () => {
    edit('src/format/index.ts', (text) => text.replace("return 'Recent Events v2';", 'return 42;'));
    const [problem] = checkSharedExports(shared);
    assert.match(problem, /format: eventsHeading changed/);
    assert.match(problem, /npm run shared:version -- major/);
    assert.throws(() => takeVersion('minor', shared), /need a major version/);
  });

  it('after a major version, an app built with it takes every entry from a shell at that version, changed or not', () => {
    const was = version();
    const { version: next } = takeVersion('major', shared);
    const record = readRecord(shared)!;
    assert.equal(record.entries.format.since, next, 'the changed entry is since the major version');
    assert.notEqual(record.entries.store.since, next, 'an unchanged one is not');
    // An app whose folder resolves this copy of shared, as a build does.
    const app = path.join(top, 'app');
    mkdirSync(path.join(app, 'node_modules/@ministry'), { recursive: true });
    writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "dependencies": {} }');
    symlinkSync(shared, path.join(app, 'node_modules/@ministry/shared'));
    const config = sharedConfig({ folder: app }) as Record<string, { requiredVersion: string; version?: string }>;
    const after = `${Number(next.split('.')[0]) + 1}.0.0`;
    for (const entry of ['format', 'store']) {
      const { requiredVersion, version: sharedAt } = config[`@ministry/shared/${entry}`];
      assert.equal(sharedAt, next);
      assert.ok(semver.satisfies(next, requiredVersion), `${entry} asks for ${requiredVersion}, which ${next} is`);
      assert.ok(!semver.satisfies(after, requiredVersion), `${entry} does not take the next major version`);
    }
    assert.ok(
      !semver.satisfies(was, config['@ministry/shared/format'].requiredVersion),
      'the changed entry needs the new version',
    );
  });

  it('another process takes the exports read before while nothing the compiler read changed, and reads them anew once a file did', () => {
    // A new process each time: what this one read is also kept in its memory.
    const exportsInNewProcess = () =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `import { currentExports } from ${JSON.stringify(path.join(repo, 'scripts/lib/shared-exports.mjs'))};` +
              'console.log(JSON.stringify(currentExports(process.argv[1])));',
            shared,
          ],
          { encoding: 'utf8' },
        ),
      ) as Record<string, Record<string, { signature: string }>>;
    const first = exportsInNewProcess();
    const kept = readdirSync(keptFolder)
      .map((name) => path.join(keptFolder, name))
      .filter(
        (file) =>
          file.endsWith('.json') &&
          (JSON.parse(readFileSync(file, 'utf8')) as { key: string }).key.includes(path.resolve(shared)),
      );
    assert.equal(kept.length, 1, 'the exports read are kept on disk');
    // What is kept is what is taken: marked, the mark comes back.
    const record = JSON.parse(readFileSync(kept[0]!, 'utf8'));
    record.result.format.formatPrice.signature = 'kept';
    writeFileSync(kept[0]!, JSON.stringify(record));
    assert.equal(exportsInNewProcess().format!.formatPrice!.signature, 'kept');
    // A file of shared changed: read anew.
    edit('src/format/index.ts', (text) => `${text}\nexport const keptOrNot = 1;\n`);
    const after = exportsInNewProcess();
    assert.equal(after.format!.formatPrice!.signature, first.format!.formatPrice!.signature);
    assert.equal(after.format!.keptOrNot!.signature, '1');
    edit('src/format/index.ts', (text) => text.replace('\nexport const keptOrNot = 1;\n', ''));
  });

  it('a version changed by hand without a new record fails too', () => {
    takeVersion('major', shared);
    edit('package.json', (text) => text.replace(/"version": "[^"]+"/, '"version": "99.0.0"'));
    assert.match(checkSharedExports(shared)[0], /package\.json says 99\.0\.0 but its exports are recorded at/);
  });
});

describe('types as the compiler prints them', () => {
  it('are the same whatever order their members were met in, at every depth', () => {
    const same = (a: string, b: string) => assert.equal(canonicalType(a), canonicalType(b));
    same("'a' | 'b'", "'b' | 'a'");
    same('{ a: string; b: { c: number; d: string | null; }; }', '{ b: { d: null | string; c: number; }; a: string; }');
    same(
      "<TKey extends 'photo' | 'date'>(keys: readonly TKey[]) => Schema<{ [K in Exclude<'photo', TKey> | Exclude<'date', TKey>]: { photo: string; date: string; }[K]; }>",
      "<TKey extends 'date' | 'photo'>(keys: readonly TKey[]) => Schema<{ [K in Exclude<'date', TKey> | Exclude<'photo', TKey>]: { date: string; photo: string; }[K]; }>",
    );
    same("(from: string, to: 'a' | 'b', alias?: boolean) => void", "(from: string, to: 'b' | 'a', alias?: boolean) => void");
    same("{ required: ['a', 'b']; }", "{ required: ['b', 'a']; }");
  });

  it('differ when a type really changed', () => {
    const differ = (a: string, b: string) => assert.notEqual(canonicalType(a), canonicalType(b));
    differ('{ a: string; b: number; }', '{ a: string; b: string; }');
    differ('{ a: string; }', '{ a?: string; }');
    differ('(a: string, b: number) => void', '(b: number, a: string) => void');
    differ("'a' | 'b'", "'a' | 'c'");
  });
});
