/**
 * Loads a release's containers the way the site will, in a process of its
 * own (a release that crashes its loader crashes only this): the browser
 * container evaluates and defines its container, the server containers load
 * into the shell's renderer and each exposed module is there, its routes
 * routing every page the app declares.
 *
 * Input (argv[2]): JSON { browser: [{ name, file }], renderer: { shell, remotes, config } | null,
 * checks: [{ name, exposes, pages }] }. Output: JSON problems (strings) on stdout.
 */
import { createRequire } from 'node:module';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { startRenderer } from '../../api/src/site/renderer-host.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The federation runtime the shell provides to remotes in the browser (see config/provide-runtime-core.mjs).
const require = createRequire(realpathSync(path.join(root, 'node_modules/@module-federation/enhanced/package.json')));
const input = JSON.parse(process.argv[2]);
const problems = [];

/** Evaluates a browser remoteEntry.js in a bare window: it must define its container. */
function checkBrowserContainer({ name, file }) {
  const window = {
    console,
    setTimeout,
    clearTimeout,
    location: { href: 'https://site.example/' },
    document: {
      currentScript: { tagName: 'SCRIPT', src: 'https://site.example/remotes/x/y/browser/remoteEntry.js' },
      baseURI: 'https://site.example/',
      getElementsByTagName: () => [],
      querySelectorAll: () => [],
      createElement: () => ({ setAttribute() {} }),
      head: { appendChild() {} },
    },
    _FEDERATION_RUNTIME_CORE: require('@module-federation/runtime-core'),
  };
  window.self = window;
  window.window = window;
  try {
    vm.createContext(window);
    vm.runInContext(readFileSync(file, 'utf8'), window, { filename: file, timeout: 5000 });
    const container = window[name];
    if (!container || typeof container.get !== 'function' || typeof container.init !== 'function') {
      problems.push(`its browser container does not define the container ${name}`);
    }
  } catch (error) {
    problems.push(`its browser container does not load: ${error.message.split('\n')[0]}`);
  }
}

if (input.renderer) {
  try {
    const renderer = await startRenderer({
      ...input.renderer,
      readApi: async () => ({ status: 503, body: null }),
      log: () => {},
    });
    for (const check of input.checks) {
      for (const result of await renderer.checkRemote(check.name, check.exposes, check.pages)) {
        if (result.error)
          problems.push(
            `${check.name}/${result.expose.replace(/^\.\//, '')} does not load in the server renderer: ${result.error}`,
          );
        for (const page of result.unroutedPages ?? [])
          problems.push(`${check.name} declares the page ${page}, but its routes do not route it`);
      }
    }
  } catch (error) {
    problems.push(`the server renderer does not start with it: ${error.message.split('\n')[0]}`);
  }
}

// Last: the browser container registers itself with the federation runtime of this process.
for (const browser of input.browser) checkBrowserContainer(browser);

process.stdout.write(JSON.stringify(problems));
process.exit(0);
