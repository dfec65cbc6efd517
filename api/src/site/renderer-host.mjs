/**
 * Starts the shell's server renderer with the remotes' server containers,
 * running only code whose hashes their releases recorded. Used by the render
 * worker threads (render-worker.mjs) and by the release checks
 * (scripts/lib/release-checks.mjs). Plain JavaScript: it runs without the
 * API's TypeScript loader, so the renderer's code is not transformed again.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';

/** A file that is not the one its release recorded. */
export class UncheckedCodeError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UncheckedCodeError';
  }
}

const isAddress = (location) => /^https?:\/\//.test(location);

/** A location as a URL: file:///… for a path. */
export const locationUrl = (location) =>
  isAddress(location) || location.startsWith('file:') ? location : pathToFileURL(location).href;

async function read(location) {
  if (isAddress(location)) {
    const response = await fetch(location, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${location} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
  return readFile(location.startsWith('file:') ? fileURLToPath(location) : location);
}

/** The file at `location` if its sha256 is `sha256`; an UncheckedCodeError otherwise. */
export async function checkedCode(location, sha256) {
  if (!sha256) throw new UncheckedCodeError(`${location} is not a file of the live release: refused`);
  const bytes = await read(location);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== sha256) {
    throw new UncheckedCodeError(
      `${location} changed since its release was checked (sha256 ${actual.slice(0, 12)}…, recorded ${sha256.slice(0, 12)}…): refused`,
    );
  }
  return bytes.toString('utf8');
}

/** Runs CommonJS code as Node would, and answers its exports. */
function runCommonJs(code, location) {
  const url = locationUrl(location);
  const filename = url.startsWith('file:') ? fileURLToPath(url) : url;
  const module = { exports: {} };
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename });
  const require = createRequire(url.startsWith('file:') ? filename : import.meta.url);
  wrapper(
    module.exports,
    require,
    module,
    filename,
    url.startsWith('file:') ? path.dirname(filename) : path.posix.dirname(new URL(url).pathname),
  );
  return module.exports;
}

/**
 * @param {{
 *   shell: { location: string, sha256: string },
 *   remotes: Record<string, { location: string, sha256: string }>,
 *   config: unknown,
 *   readApi: (path: string) => Promise<{ status: number, body: unknown }>,
 *   log: (level: 'info' | 'warn', message: string) => void,
 * }} options
 */
export async function startRenderer(options) {
  const bundle = runCommonJs(await checkedCode(options.shell.location, options.shell.sha256), options.shell.location);
  if (typeof bundle.start !== 'function') throw new Error(`${options.shell.location} is not the shell's server renderer`);
  const byUrl = new Map(Object.values(options.remotes).map((remote) => [locationUrl(remote.location), remote]));
  return bundle.start({
    config: options.config,
    serverEntries: Object.fromEntries(
      Object.entries(options.remotes).map(([name, remote]) => [name, locationUrl(remote.location)]),
    ),
    loadContainer: async (url, globalName) => {
      const remote = byUrl.get(url);
      if (!remote) throw new UncheckedCodeError(`${url} is not where a live release is: refused`);
      const exports = runCommonJs(await checkedCode(remote.location, remote.sha256), remote.location);
      return (globalName && exports[globalName]) || exports;
    },
    readApi: options.readApi,
    log: options.log,
  });
}
