/**
 * The API built for running: `api/dist/server.js` and `api/dist/cli.js`,
 * bundled by esbuild from `api/src` and the parts of `@ministry/shared` it
 * imports, the API's own dependencies left to `node_modules`. Node runs them
 * without a TypeScript loader: a process starts ~2–3 CPU-seconds sooner
 * (the loader's hooks see every module the server imports, ~1,000 of them).
 * `npm start`, the browser tests and the tests that start servers run the
 * build; `npm run dev` and the API's own tests run the sources through tsx.
 *
 * A source file that finds files next to it (`import.meta.url`) still finds
 * them: in the bundle, its `import.meta.url` is its source file's address.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashTree, root } from './apps.mjs';

const api = path.join(root, 'api');
export const API_DIST = path.join(api, 'dist');
const ENTRIES = ['server', 'cli'];
/** What the build reads: a build records their hash, and is made again when it changes. */
const INPUTS = [
  'api/src',
  'api/package.json',
  'shared/src',
  'shared/package.json',
  'pnpm-lock.yaml',
  'scripts/lib/build-api.mjs',
];

/** The built file of an entry (`server`, `cli`). */
export const builtApi = (entry) => path.join(API_DIST, `${entry}.js`);

/** The built file of an entry, built first when the API's code changed since: what tests start. */
export async function apiBuild(entry) {
  await buildApi();
  return builtApi(entry);
}

function inputHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) hashTree(hash, path.join(root, input), input);
  return hash.digest('hex');
}

const hashFile = path.join(API_DIST, 'input-hash');
/** The lock and the builds being made (git ignores .cache). */
const work = path.join(root, '.cache', 'api-build');

/** Whether `api/dist` was built from the code that is here now. */
export function apiBuildIsFresh() {
  return existsSync(hashFile) && readFileSync(hashFile, 'utf8') === inputHash() && ENTRIES.every((e) => existsSync(builtApi(e)));
}

/**
 * Builds `api/dist` unless it was built from this code (`force`: anyway).
 * One process at a time (a lock folder: the browser test files
 * starting their sites side by side all ask); made in another folder and
 * swapped in. Resolves the build's seconds, or 0 when it was fresh.
 */
export async function buildApi({ force = false } = {}) {
  if (!force && apiBuildIsFresh()) return 0;
  mkdirSync(work, { recursive: true });
  const unlock = await lock(path.join(work, 'lock'));
  try {
    if (!force && apiBuildIsFresh()) return 0; // built by another process meanwhile
    const started = Date.now();
    await bundle();
    return (Date.now() - started) / 1000;
  } finally {
    unlock();
  }
}

async function lock(folder) {
  for (const deadline = Date.now() + 120_000; ;) {
    try {
      mkdirSync(folder);
      return () => rmSync(folder, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A build takes a second or two: a lock much older was left by a process that died.
      if (Date.now() - statSync(folder, { throwIfNoEntry: false })?.mtimeMs > 60_000 || Date.now() > deadline) {
        rmSync(folder, { recursive: true, force: true });
      } else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function bundle() {
  const hash = inputHash();
  const { build } = await import('esbuild');
  const manifest = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'));
  const own = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
    (name) => name !== '@ministry/shared',
  );
  const staging = path.join(work, `staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(ENTRIES.map((e) => [e, path.join(api, 'src', `${e}.ts`)])),
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The API's dependencies are loaded from node_modules as they are; shared's sources (and what
    // they import that the API does not depend on) are bundled.
    external: own.flatMap((name) => [name, `${name}/*`]),
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceAddresses(API_DIST)],
  });
  writeFileSync(path.join(staging, 'input-hash'), hash);
  const old = path.join(work, `old-${process.pid}`);
  if (existsSync(API_DIST)) renameSync(API_DIST, old);
  renameSync(staging, API_DIST);
  rmSync(old, { recursive: true, force: true });
}

/**
 * Gives each source file of the workspace its own `import.meta.url` in the
 * bundle: the address of the source file, written relative to the bundle's
 * folder (`outdir`), so the build finds the same files wherever the
 * checkout is.
 */
function sourceAddresses(outdir) {
  return {
    name: 'source-addresses',
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`) || !args.path.startsWith(root)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return {
          contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
          loader: /\.tsx?$|\.mts$/.test(args.path) ? (args.path.endsWith('x') ? 'tsx' : 'ts') : 'js',
        };
      });
    },
  };
}
