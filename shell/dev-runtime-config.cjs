/**
 * In development each remote runs on its own dev server (its app.json's
 * devPort): the shell's dev server answers /config.json with them and their
 * pages, read from their manifests.
 */
const { REMOTE_DIRS, readApp } = require('../config/apps.cjs');

function devRuntimeConfig() {
  const config = { remotes: {}, labels: {}, pages: [], apiBase: '' };
  for (const dir of ['shell', ...REMOTE_DIRS]) {
    const app = readApp(dir);
    if (!app.host) {
      config.remotes[app.name] = `http://localhost:${app.devPort}/mf-manifest.json`;
      config.labels[app.name] = app.label ?? app.name;
    }
    config.pages.push(...app.pages.map((page) => ({ ...page, app: app.name })));
  }
  return config;
}

module.exports = { devRuntimeConfig };
