/**
 * The apps of the site and their manifests. The shell is the host; the
 * remotes are listed in config/remotes.json (adding a remote is one folder
 * with its app.json plus one entry there). Each app's `app.json` declares
 * its federation name, dev port, exposed modules and pages; the webpack
 * configs, the build and release scripts, the dev servers and the jest
 * projects all read them from here.
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/** The remotes' folders, in the order they are built and listed. */
const REMOTE_DIRS = JSON.parse(readFileSync(path.join(__dirname, 'remotes.json'), 'utf8'));

/**
 * An app's manifest with its folder. Page fields left out take their
 * defaults: layout 'main', signedIn false, ssr true for a public page of the
 * main layout (false for the auth layout and signed-in pages); `staff`
 * ('editor' or 'admin') makes a staff page, for signed-in staff of that
 * role or above; `data` lists what the page shows (the topics a change
 * clears, api/src/lib/topics.ts: `events`, `devotionals`, `news`, …), so
 * its server-rendered copy is renewed when it changes.
 * @param {string} dir the app's folder name (`mfe-giving`), or an absolute folder
 */
function readApp(dir) {
  const folder = path.isAbsolute(dir) ? dir : path.join(root, dir);
  const manifest = JSON.parse(readFileSync(path.join(folder, 'app.json'), 'utf8'));
  return {
    ...manifest,
    dir: path.basename(folder),
    folder,
    host: manifest.name === 'shell',
    exposes: manifest.exposes ?? {},
    pages: (manifest.pages ?? []).map(normalizePage),
    uses: manifest.uses ?? [],
    // Modules of `uses` shown below the first screen: not preloaded; the browser loads them when they come near the screen.
  };
}

function normalizePage(page) {
  const layout = page.layout === 'auth' ? 'auth' : 'main';
  // A staff page (`staff`: the least role that may open it) is for signed-in staff only.
  const staff = page.staff === 'editor' || page.staff === 'admin' ? page.staff : undefined;
  const signedIn = page.signedIn === true || staff !== undefined;
  return {
    path: page.path,
    title: page.title ?? '',
    layout,
    signedIn,
    ssr: page.ssr === undefined ? layout === 'main' && !signedIn : page.ssr === true && layout === 'main' && !signedIn,
    ...(staff ? { staff } : {}),
    // `listed: false` keeps a staff page out of the staff bar (a form reached from its list).
    ...(staff && page.listed === false ? { listed: false } : {}),
    // What the page shows (`events`, `devotionals`, …): a change to it renders the page again.
    ...(Array.isArray(page.data) ? { data: page.data.map(String) } : {}),
  };
}

/** Every app's folder: the shell first, then the remotes. */
const APP_DIRS = ['shell', ...REMOTE_DIRS];

/** What the site publishes about an app beside its mf-manifest.json (pages.json). */
function publishedFacts(app) {
  return {
    name: app.name,
    label: app.label ?? app.name,
    exposes: Object.keys(app.exposes),
    pages: app.pages,
    uses: app.uses,
  };
}

module.exports = { root, REMOTE_DIRS, APP_DIRS, readApp, publishedFacts, normalizePage };
