/**
 * Releases on disk (scripts/lib/release-store.mjs) as the server reads them
 * (src/site/releases.ts), and the checks a release must pass before it goes
 * live (scripts/lib/release-checks.mjs), on hand-made builds. Real builds
 * are released in the browser tests (e2e/tests/releases.test.ts).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkRelease, checkSource, placedRelease } from '../../scripts/lib/release-checks.mjs';
import { promote, publishRelease, readPointer, rollBack } from '../../scripts/lib/release-store.mjs';
import { ReleaseRegistry } from '../src/site/releases.js';

const silent = { info: () => {}, warn: () => {} } as never;

/** A build's files in a new folder. */
function build(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ministry-build-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), content);
  }
  return folder;
}

const shared = (react: string, version = '19.3.1') => [{ name: 'react', version, singleton: true, requiredVersion: react }];

/** A remote's build, as webpack makes it (the parts the checks read). */
function remoteBuild(
  name: string,
  options: { exposes?: string[]; pages?: string[]; react?: string; serverFiles?: Record<string, string> } = {},
) {
  const exposes = options.exposes ?? ['./routes'];
  return build({
    'browser/pages.json': JSON.stringify({
      name,
      label: name,
      exposes,
      pages: (options.pages ?? []).map((p) => ({ path: p, title: p, layout: 'main', signedIn: false, ssr: true })),
      uses: [],
    }),
    'browser/mf-manifest.json': JSON.stringify({
      exposes: exposes.map((e) => ({ name: e.slice(2) })),
      shared: shared(options.react ?? '19.3.1'),
    }),
    'browser/remoteEntry.js': `var ${name} = { get() {}, init() {} };`,
    'server/remoteEntry.js': `module.exports = { ${name}: {} };`,
    ...options.serverFiles,
  });
}

/** A shell whose renderer checks remotes by what `verdict` answers. */
function shellBuild(verdict = '[]', uses: string[] = []) {
  return build({
    'browser/pages.json': JSON.stringify({
      name: 'shell',
      label: 'shell',
      exposes: [],
      pages: [{ path: '/', title: 'Home', layout: 'main', signedIn: false, ssr: true }],
      uses,
    }),
    'browser/mf-manifest.json': JSON.stringify({ exposes: [], shared: shared('19.3.1') }),
    'browser/index.html': '<!doctype html>',
    'browser/main.js': '',
    'server/render.js': `exports.start = async () => ({ renderPage: async () => null, checkRemote: async (name, exposes) => exposes.map((expose) => ({ expose, ...${verdict} })) });`,
  });
}

const remoteApp = (name: string, pages: string[] = [], exposes = ['./routes']) => ({
  name,
  host: false,
  exposes: Object.fromEntries(exposes.map((e) => [e, './src/x.tsx'])),
  pages: pages.map((p) => ({ path: p })),
  uses: [],
});

describe('releases on disk', () => {
  const ids = Array.from({ length: 9 }, (_, i) => `20260101-00000${i + 1}-${'abcdef0123'[i].repeat(6)}`);
  const release = (folder: string, i: number, canary: number | null = null) =>
    publishRelease(folder, {
      app: 'mfe-x',
      name: 'mfe_x',
      id: ids[i],
      staging: remoteBuild('mfe_x', { pages: ['/x'] }),
      now: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      canary,
    });
  const onDisk = (folder: string) =>
    readdirSync(folder)
      .filter((f) => /^\d{8}-/.test(f))
      .sort();

  it('a release is recorded, pointed at atomically and read by the server; a rollback goes back; the releases a rollback can reach are kept', () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'ministry-releases-'));
    const folder = path.join(releases, 'mfe-x');
    for (let i = 0; i < 8; i++) release(folder, i);
    const pointer = readPointer(folder)!;
    assert.equal(pointer.release, ids[7]);
    assert.equal(pointer.history[1], ids[6]);
    assert.match(pointer.files['server/remoteEntry.js'], /^[0-9a-f]{64}$/);
    assert.deepEqual(
      onDisk(folder),
      ids.slice(2, 8),
      'the live release and the five before it are kept, the older ones are gone',
    );

    const registry = new ReleaseRegistry({ releasesDir: releases, remoteLocations: {}, log: silent });
    const live = registry.snapshot().remotes[0];
    assert.equal(live.release, ids[7]);
    assert.equal(live.publicBase, `/remotes/mfe-x/${ids[7]}/`);
    assert.deepEqual(
      registry.snapshot().config.pages.map((p) => `${p.app} ${p.path}`),
      ['shell /', 'mfe_x /x'],
    );

    assert.deepEqual(rollBack(folder), { from: ids[7], to: ids[6], canary: false });
    assert.deepEqual(rollBack(folder), { from: ids[6], to: ids[5], canary: false }, 'a second rollback goes one further back');
    assert.equal(registry.snapshot().remotes[0].release, ids[5], 'the server sees it at once');
  });

  it('after three releases each rolled back, a rollback still reaches the release live before them, and never a rolled-back one', () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'ministry-releases-')), 'mfe-x');
    release(folder, 0);
    release(folder, 1); // the good release, live all morning
    for (const i of [2, 3, 4]) {
      release(folder, i);
      assert.deepEqual(rollBack(folder), { from: ids[i], to: ids[1], canary: false });
    }
    release(folder, 5);
    release(folder, 6);
    release(folder, 7);
    assert.ok(onDisk(folder).includes(ids[1]), 'the last good release is still on disk although six builds are newer');
    assert.deepEqual(rollBack(folder), { from: ids[7], to: ids[6], canary: false });
    assert.deepEqual(rollBack(folder), { from: ids[6], to: ids[5], canary: false });
    assert.deepEqual(rollBack(folder), { from: ids[5], to: ids[1], canary: false }, 'the rolled-back releases are passed over');
    assert.deepEqual(rollBack(folder), { from: ids[1], to: ids[0], canary: false });
    assert.throws(() => rollBack(folder), /no release before .* is left to roll back to/);
  });

  it('a canary is live beside the live release; promote makes it live, rollback ends it and it is never a rollback target', () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'ministry-releases-'));
    const folder = path.join(releases, 'mfe-x');
    assert.throws(() => release(folder, 0, 10), /needs a live release/);
    release(folder, 0);
    release(folder, 1, 10);
    let pointer = readPointer(folder)!;
    assert.equal(pointer.release, ids[0], 'everyone else keeps the live release');
    assert.equal(pointer.canary?.release, ids[1]);
    assert.equal(pointer.canary?.percent, 10);
    assert.match(pointer.canary!.files['server/remoteEntry.js'], /^[0-9a-f]{64}$/);

    assert.deepEqual(rollBack(folder, { reason: 'its visitors saw errors' }), { from: ids[1], to: ids[0], canary: true });
    pointer = readPointer(folder)!;
    assert.equal(pointer.canary, null);
    assert.equal(pointer.release, ids[0]);
    assert.deepEqual(pointer.lastCanary && [pointer.lastCanary.outcome, pointer.lastCanary.reason], [
      'rolled back',
      'its visitors saw errors',
    ]);
    assert.throws(() => promote(folder), /no canary/);

    release(folder, 2, 25);
    assert.deepEqual(promote(folder), { from: ids[0], to: ids[2] });
    pointer = readPointer(folder)!;
    assert.equal(pointer.release, ids[2]);
    assert.equal(pointer.canary, null);
    assert.deepEqual(pointer.history.slice(0, 2), [ids[2], ids[0]]);
    assert.deepEqual(rollBack(folder), { from: ids[2], to: ids[0], canary: false }, 'the rolled-back canary is passed over');
  });
});

describe('the checks before a release goes live', () => {
  const site = () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'ministry-releases-'));
    publishRelease(path.join(releases, 'shell'), {
      app: 'shell',
      name: 'shell',
      id: '20260101-000000-aaaaaa',
      staging: shellBuild('{}', ['mfe_x/Stories']),
    });
    publishRelease(path.join(releases, 'mfe-y'), {
      app: 'mfe-y',
      name: 'mfe_y',
      id: '20260101-000000-bbbbbb',
      staging: remoteBuild('mfe_y', { pages: ['/y', '/y/:id'] }),
    });
    return releases;
  };

  it('pass a good release', () => {
    const releases = site();
    const staging = remoteBuild('mfe_x', { exposes: ['./routes', './Stories'], pages: ['/x'] });
    assert.deepEqual(
      checkRelease({ dir: 'mfe-x', app: remoteApp('mfe_x', ['/x'], ['./routes', './Stories']), staging, releases }),
      [],
    );
  });

  it('refuse a remote that lacks what the shell uses, or its routes', () => {
    const releases = site();
    assert.match(
      checkRelease({
        dir: 'mfe-x',
        app: remoteApp('mfe_x', ['/x']),
        staging: remoteBuild('mfe_x', { pages: ['/x'] }),
        releases,
      }).join(),
      /does not expose \.\/Stories, which the shell uses/,
    );
    assert.match(
      checkRelease({
        dir: 'mfe-x',
        app: remoteApp('mfe_x', ['/x'], ['./Stories']),
        staging: remoteBuild('mfe_x', { exposes: ['./Stories'], pages: ['/x'] }),
        releases,
      }).join(),
      /does not expose \.\/routes/,
    );
  });

  it('refuse a page another app owns', () => {
    const releases = site();
    const problems = checkRelease({
      dir: 'mfe-x',
      app: remoteApp('mfe_x', ['/y/:slug'], ['./routes', './Stories']),
      staging: remoteBuild('mfe_x', { exposes: ['./routes', './Stories'], pages: ['/y/:slug'] }),
      releases,
    });
    assert.match(problems.join(), /its page \/y\/:slug is already a page of mfe-y/);
  });

  it('refuse a remote that needs a React the shell does not share', () => {
    const releases = site();
    const problems = checkRelease({
      dir: 'mfe-x',
      app: remoteApp('mfe_x', ['/x'], ['./routes', './Stories']),
      staging: remoteBuild('mfe_x', { exposes: ['./routes', './Stories'], pages: ['/x'], react: '^18.2.0' }),
      releases,
    });
    assert.deepEqual(problems, ['it needs react ^18.2.0, but the shell shares react 19.3.1']);
  });

  it('refuse, before building, an app folder that asks for a React the shell does not share, or lists pages without ./routes', () => {
    const releases = site();
    const folder = (react: string) =>
      build({ 'package.json': JSON.stringify({ name: 'mfe-x', dependencies: { react, 'react-dom': react } }) });
    assert.deepEqual(
      checkSource({ dir: 'mfe-x', app: remoteApp('mfe_x', ['/x']), source: folder('^18.2.0'), releases }).filter((p) =>
        p.startsWith('it needs react '),
      ),
      ['it needs react ^18.2.0, but the shell shares react 19.3.1'],
    );
    assert.deepEqual(checkSource({ dir: 'mfe-x', app: remoteApp('mfe_x', ['/x']), source: folder('19.3.1'), releases }), []);
    assert.match(
      checkSource({ dir: 'mfe-x', app: remoteApp('mfe_x', ['/x'], ['./Pages']), source: folder('19.3.1'), releases }).join(),
      /has pages but does not expose \.\/routes/,
    );
  });

  it('refuse a server container of more than one file, and one that does not load in the renderer', () => {
    const releases = site();
    const app = remoteApp('mfe_x', ['/x'], ['./routes', './Stories']);
    const twoFiles = remoteBuild('mfe_x', {
      exposes: ['./routes', './Stories'],
      pages: ['/x'],
      serverFiles: { 'server/123.abc.js': '' },
    });
    assert.match(checkRelease({ dir: 'mfe-x', app, staging: twoFiles, releases }).join(), /more than one file \(123\.abc\.js\)/);

    publishRelease(path.join(releases, 'shell'), {
      app: 'shell',
      name: 'shell',
      id: '20260101-000001-cccccc',
      staging: shellBuild('{ error: "it threw at load" }', ['mfe_x/Stories']),
    });
    const problems = checkRelease({
      dir: 'mfe-x',
      app,
      staging: remoteBuild('mfe_x', { exposes: ['./routes', './Stories'], pages: ['/x'] }),
      releases,
    });
    assert.match(problems.join(), /mfe_x\/routes does not load in the server renderer: it threw at load/);
  });

  it('check a new shell against the live remotes, but not those released in the same build (they may need what only the new shell serves: a major version of shared)', () => {
    const releases = site();
    const shellApp = { name: 'shell', host: true, exposes: {}, pages: [{ path: '/' }], uses: [] };
    const staging = () => shellBuild('{ error: "shared/api 3.0.0 does not satisfy >=2.0.0 <3.0.0" }');
    assert.match(
      checkRelease({ dir: 'shell', app: shellApp, staging: staging(), releases }).join(),
      /mfe_y\/routes does not load in the server renderer: shared\/api 3\.0\.0/,
    );
    assert.deepEqual(checkRelease({ dir: 'shell', app: shellApp, staging: staging(), releases, alsoReleasing: ['mfe-y'] }), []);
  });

  it('check what a new shell uses in the live remotes, but not in those released in the same build (their own checks, with the new shell, do)', () => {
    const releases = site();
    const shellApp = { name: 'shell', host: true, exposes: {}, pages: [{ path: '/' }], uses: [] };
    const newShell = () => shellBuild('[]', ['mfe_y/Featured']);
    assert.match(
      checkRelease({ dir: 'shell', app: shellApp, staging: newShell(), releases }).join(),
      /it uses mfe_y\/Featured, which the live mfe-y does not expose/,
    );
    assert.deepEqual(checkRelease({ dir: 'shell', app: shellApp, staging: newShell(), releases, alsoReleasing: ['mfe-y'] }), []);

    // The remote built beside it is checked against the new shell: without the expose, it is refused.
    const shellFolder = path.join(mkdtempSync(path.join(tmpdir(), 'ministry-releases-')), 'shell');
    publishRelease(shellFolder, { app: 'shell', name: 'shell', id: '20260102-000000-cccccc', staging: newShell() });
    const withShell = placedRelease(shellFolder, readPointer(shellFolder)!);
    const remote = (exposes: string[]) => ({
      dir: 'mfe-y',
      app: remoteApp('mfe_y', ['/y', '/y/:id'], exposes),
      staging: remoteBuild('mfe_y', { exposes, pages: ['/y', '/y/:id'] }),
      releases,
      withShell,
    });
    assert.match(checkRelease(remote(['./routes'])).join(), /does not expose \.\/Featured, which the shell uses/);
    assert.doesNotMatch(checkRelease(remote(['./routes', './Featured'])).join(), /which the shell uses/);
  });

  it('refuse a browser container that does not load', () => {
    const releases = site();
    const staging = remoteBuild('mfe_x', { exposes: ['./routes', './Stories'], pages: ['/x'] });
    writeFileSync(path.join(staging, 'browser/remoteEntry.js'), 'throw new Error("broken at the start")');
    const problems = checkRelease({
      dir: 'mfe-x',
      app: remoteApp('mfe_x', ['/x'], ['./routes', './Stories']),
      staging,
      releases,
    });
    assert.deepEqual(problems, ['its browser container does not load: broken at the start']);
    assert.ok(existsSync(staging));
  });
});
