/**
 * Canary releases, as visitors get them on the production build: two
 * populations of visitors see two releases, each the same on the server
 * and in the browser; promote and rollback; a canary whose visitors' pages
 * throw is rolled back on its own and the release page (admins only) says
 * why. And a new remote, made with `npm run new-remote`, built, released,
 * opened and removed.
 */
import { existsSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { logIn, newPage, repoRoot, signUpThroughApi } from '../harness';
import { problems, ReleaseBed, serverHtml } from '../releases';
import { readPointer } from '../../scripts/lib/release-store.mjs';

const ADMIN = { email: 'release.admin@example.org', password: 'a long release password' };
const bed = new ReleaseBed();

before(() =>
  bed.start({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The automatic rollback after 3 canary page views with errors (30 by default).
    CANARY_MIN_ERROR_VIEWS: '3',
  }),
);
after(() => bed.stop());

describe('canary releases', () => {
  /** A browser whose visitor has the canary bucket `bucket`. */
  async function visitor(bucket: number) {
    const { context, page } = await newPage(bed.browser);
    await context.addCookies([{ name: 'mf_canary', value: String(bucket), url: bed.site.url }]);
    return { context, page };
  }

  it('two populations of visitors see two releases, each the same on the server and in the browser; promote, then roll back', async () => {
    const live = bed.liveGiving();
    const canary = bed.canaryOfGiving(20, (code) => code.replaceAll('Upcoming events', 'Canary Events'));
    for (const [bucket, heading] of [
      [5, /Canary Events/],
      [60, /Upcoming events/],
    ] as const) {
      const html = await (
        await fetch(`${bed.site.url}/events`, { headers: { accept: 'text/html', cookie: `mf_canary=${bucket}` } })
      ).text();
      assert.match(html, heading, `bucket ${bucket}: the server's HTML`);
      const { context, page } = await visitor(bucket);
      const found = problems(page);
      await page.goto(`${bed.site.url}/events`);
      await page.locator('main', { hasText: heading }).waitFor();
      const manifest = await page.evaluate(
        () => JSON.parse(document.getElementById('ministry-runtime-config')!.textContent!).remotes.mfe_giving,
      );
      assert.match(manifest, new RegExp(bucket < 20 ? canary : live), 'the browser loads the same release');
      assert.deepEqual(found, [], 'hydrated without a mismatch');
      await context.close();
    }
    const promoted = await bed.runScript('scripts/promote.mjs', ['mfe-giving']);
    assert.ok(promoted.ok, promoted.output);
    assert.equal(bed.liveGiving(), canary);
    assert.match((await serverHtml(`${bed.site.url}/events`)).html, /Canary Events/, 'live for everyone');
    const back = await bed.rollback();
    assert.ok(back.ok, back.output);
    assert.equal(bed.liveGiving(), live);
    assert.match((await serverHtml(`${bed.site.url}/events`)).html, /Upcoming events/);
  });

  it("a canary whose visitors' pages throw is rolled back on its own, and the release page says why; it is for admins only", async () => {
    const live = bed.liveGiving();
    // Its events page throws in the browser (at the heading's text, where the minified code has it).
    const canary = bed.canaryOfGiving(
      50,
      (code) => code.replaceAll('"Upcoming events"', '(() => { throw new Error("the canary breaks in the browser"); })()'),
      { browserOnly: true },
    );
    for (let i = 0; i < 3; i++) {
      const { context, page } = await visitor(10);
      await page.goto(`${bed.site.url}/events`);
      await page
        .getByRole('alert')
        .filter({ hasText: /couldn't load/ })
        .waitFor();
      await context.close();
    }
    // The third report tips it (CANARY_MIN_ERROR_VIEWS=3 here).
    const deadline = Date.now() + 30_000;
    while (readPointer(path.join(bed.releases, 'mfe-giving'))!.canary && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const pointer = readPointer(path.join(bed.releases, 'mfe-giving'))!;
    assert.equal(pointer.canary, null, 'rolled back');
    assert.equal(pointer.release, live);
    assert.match(pointer.lastCanary!.reason, /rolled back on its own: 3 of its \d+ page views had errors/);
    // The site says so in its log (written just after the pointer: waited for, as the pointer was).
    const said = new RegExp(`canary ${canary} rolled back on its own`);
    while (!said.test(bed.site.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.match(bed.site.output(), said);
    await bed.assertShownInBrowser(`${bed.site.url}/events`, /Upcoming events/);

    // The release page: the admin sees it and why; an editor and a member do not.
    const { context, page } = await newPage(bed.browser);
    await logIn(bed.site, page, ADMIN, '/admin/releases');
    const panel = page.getByRole('region', { name: /^mfe-giving/ });
    await panel.waitFor();
    assert.match(await panel.innerText(), new RegExp(`Last canary ${canary}: rolled back .*page views had errors`));
    assert.match(await panel.innerText(), new RegExp(`${live}\\s+live`));
    await context.close();

    const member = { email: 'release.member@example.org', password: 'a member password 123' };
    await signUpThroughApi(bed.site, {
      ...member,
      firstname: 'Mara',
      lastname: 'Member',
      birth_date: '1990-01-01',
      gender: 'Female',
      civil_status: 'Single',
      church: (await (await fetch(`${bed.site.url}/api/locations`)).json()).data[0]._id,
      countryOfOrigin: 'Ghana',
      country: 'Ghana',
      city: 'Greater Accra',
      seniority: 3,
    });
    const other = await newPage(bed.browser);
    await logIn(bed.site, other.page, member, '/');
    await other.page.goto(`${bed.site.url}/admin/releases`);
    await other.page.getByRole('heading', { name: /page not found|for admins/i }).waitFor();
    assert.equal(await other.page.getByRole('heading', { name: 'Releases' }).count(), 0, 'a member does not see it');
    await other.context.close();
  });
});

describe('a new remote', () => {
  it('made with `npm run new-remote` is one folder plus one line: it builds, is released alone, its page works; then it is removed', async () => {
    const folder = `mfe-e2e-${Date.now().toString(36)}`;
    const remotes = readFileSync(path.join(repoRoot, 'config/remotes.json'), 'utf8');
    try {
      // --no-install: its dependencies are a sibling remote's, linked here, so the lock file is never touched.
      const made = await bed.runScript('scripts/new-remote.mjs', [folder, '--page', `/${folder}`, '--no-install']);
      assert.ok(made.ok, made.output);
      symlinkSync(realpathSync(path.join(repoRoot, 'mfe-giving/node_modules')), path.join(repoRoot, folder, 'node_modules'));
      assert.deepEqual(JSON.parse(readFileSync(path.join(repoRoot, 'config/remotes.json'), 'utf8')).at(-1), folder);
      for (const file of ['app.json', 'package.json', 'webpack.config.js', 'src/bootstrap.tsx', 'src/routes.tsx'])
        assert.ok(existsSync(path.join(repoRoot, folder, file)), `it has ${file}`);
      const released = await bed.runScript('scripts/release.mjs', [folder]);
      assert.ok(released.ok, released.output);
      const { status, html } = await serverHtml(`${bed.site.url}/${folder}`);
      assert.equal(status, 200);
      assert.match(html, /This page ships with its remote alone/, 'rendered on the server');
      await bed.assertShownInBrowser(`${bed.site.url}/${folder}`, /This page ships with its remote alone/);
    } finally {
      const removed = await bed.runScript('scripts/new-remote.mjs', ['--remove', folder, '--no-install']);
      assert.ok(removed.ok, removed.output);
      assert.ok(!existsSync(path.join(repoRoot, folder)));
      assert.equal(readFileSync(path.join(repoRoot, 'config/remotes.json'), 'utf8'), remotes, 'config/remotes.json as it was');
    }
    assert.equal((await serverHtml(`${bed.site.url}/${folder}`)).status, 404, 'its page left with it');
  });
});
