#!/usr/bin/env node
/**
 * `npm run new-remote -- <folder> [--page /path] [--label "the … pages"]`:
 * writes a working remote in `<folder>` (its manifest, package, webpack
 * config, bootstrap, routes with one page and the page's test), adds it to
 * config/remotes.json (and to the workspace when its name does not start
 * with `mfe-`) and links its dependencies. Everything else (the shell's
 * routes, the server's pages, dev ports, builds, typechecks, jest) comes
 * from config/remotes.json and the manifest. Then `npm run dev -- <folder>`
 * runs it alone and `npm run release -- <folder>` ships it.
 *
 * `--remove <folder>` takes a remote made so back out (its folder, its line
 * in config/remotes.json and the workspace, its releases). `--no-install`
 * leaves the dependencies to you (`npx pnpm install`; the browser tests link
 * a sibling remote's instead, so the lock file is never touched).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';
import { APP_DIRS, readApp, releasesDir, root } from './lib/apps.mjs';

const remotesFile = path.join(root, 'config/remotes.json');
const workspaceFile = path.join(root, 'pnpm-workspace.yaml');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** The list of remotes as the file writes it: one line. */
const writeRemotes = (list) => writeFileSync(remotesFile, `[${list.map((dir) => JSON.stringify(dir)).join(', ')}]\n`);

const words = (folder) => folder.replace(/^mfe-/, '').split('-').filter(Boolean);
const title = (folder) =>
  words(folder)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
const pascal = (folder) => title(folder).replace(/ /g, '');

/** The files of a new remote, by path in its folder. */
export function remoteFiles(folder, { page, label, devPort }) {
  const name = folder.replace(/-/g, '_');
  const giving = readJson(path.join(root, 'mfe-giving/package.json'));
  const dependencies = Object.fromEntries(
    Object.entries(giving.dependencies).filter(([dep]) => !['jsqr', 'formik', 'axios'].includes(dep)),
  );
  const pageName = `${pascal(folder)}Page`;
  const heading = title(folder);
  return {
    'app.json': `${JSON.stringify(
      {
        name,
        label,
        devPort,
        exposes: { './routes': './src/routes.tsx' },
        pages: [{ path: page, title: heading }],
      },
      null,
      2,
    )}\n`,
    'package.json': `${JSON.stringify(
      {
        name: `@ministry/${folder}`,
        version: '1.0.0',
        private: true,
        scripts: {
          dev: `webpack serve --mode development --port ${devPort}`,
          build: 'webpack --mode production',
          typecheck: 'tsc --noEmit -p .',
        },
        dependencies,
      },
      null,
      2,
    )}\n`,
    'webpack.config.js': `// The app's build, from its manifest (app.json): see config/webpack.base.cjs.\nmodule.exports = require('../config/webpack.base.cjs').createConfig(__dirname);\n`,
    'tsconfig.json': `${JSON.stringify({ extends: '../tsconfig.base.json', include: ['src', '../shared/src/ui/fonts.d.ts'] }, null, 2)}\n`,
    'src/index.ts': `// Async boundary: lets Module Federation negotiate shared modules first.\nimport('./bootstrap');\n`,
    'src/bootstrap.tsx': `import { createRoot } from 'react-dom/client';
import app from '../app.json';
import Routes from './routes';
import { StandaloneApp } from '@ministry/shared/app';

// The remote on its own dev server (\`npm run dev -- ${folder}\`), its pages linked from its manifest.
createRoot(document.getElementById('root')!).render(<StandaloneApp app={app} Routes={Routes} />);
`,
    'src/routes.tsx': `import { useRoutes, type RouteObject } from 'react-router-dom';
import { NotFound } from '@ministry/shared/ui';
import { ${pageName} } from './features/welcome/${pageName}';

/** The remote's pages, at the paths its manifest (app.json) declares. */
export const routes: RouteObject[] = [
  { path: '${page}', element: <${pageName} /> },
  { path: '*', element: <NotFound /> },
];

export default function ${pascal(folder)}Routes() {
  return useRoutes(routes);
}
`,
    [`src/features/welcome/${pageName}.tsx`]: `import { Container, PageBanner } from '@ministry/shared/ui';

/** ${page}: the remote's first page. */
export function ${pageName}() {
  return (
    <Container>
      <PageBanner title="${heading}" />
      <p>This page ships with its remote alone: change it in ${folder}/src/features/welcome.</p>
    </Container>
  );
}
`,
    [`src/features/welcome/${pageName}.test.tsx`]: `import { screen } from '@testing-library/react';
import { renderWithProviders } from '@ministry/shared/testing';
import { ${pageName} } from './${pageName}';

describe('${pageName}', () => {
  it('shows its heading', () => {
    renderWithProviders(<${pageName} />);
    expect(screen.getByRole('heading', { level: 1, name: '${heading}' })).toBeInTheDocument();
  });
});
`,
  };
}

function workspaceHas(folder) {
  const text = readFileSync(workspaceFile, 'utf8');
  return /^mfe-/.test(folder) || text.includes(`'${folder}'`) || text.includes(`- ${folder}\n`);
}

/** Writes the remote, lists it and links its dependencies. Answers its manifest. */
export function newRemote(
  folder,
  { page = `/${words(folder).join('-')}`, label = `the ${title(folder).toLowerCase()} pages`, install = true } = {},
) {
  if (!/^[a-z][a-z0-9-]{1,40}$/.test(folder))
    throw new Error(`"${folder}" is not a folder name (lower-case letters, digits and dashes)`);
  if (existsSync(path.join(root, folder))) throw new Error(`${folder} exists already`);
  if (!/^\/[a-z0-9-/]+$/.test(page)) throw new Error(`"${page}" is not a page path (/like-this)`);
  for (const dir of APP_DIRS) {
    const other = readApp(dir);
    if (other.pages.some((p) => p.path === page))
      throw new Error(`${page} is a page of ${dir} already: choose another with --page`);
  }
  const devPort = Math.max(...APP_DIRS.map((dir) => readApp(dir).devPort ?? 3000)) + 1;
  const files = remoteFiles(folder, { page, label, devPort });
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, folder, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  writeRemotes([...readJson(remotesFile), folder]);
  if (!workspaceHas(folder))
    writeFileSync(workspaceFile, readFileSync(workspaceFile, 'utf8').replace('packages:\n', `packages:\n  - '${folder}'\n`));
  if (
    install &&
    pnpm(['install', '--offline', '--no-frozen-lockfile', '--reporter=silent']) !== 0 &&
    pnpm(['install', '--no-frozen-lockfile', '--reporter=silent']) !== 0
  )
    throw new Error('its dependencies could not be installed (pnpm install)');
  return JSON.parse(files['app.json']);
}

/** Takes a remote back out: its folder, its line in config/remotes.json and the workspace, its releases. */
export function removeRemote(folder, { install = true } = {}) {
  if (!readJson(remotesFile).includes(folder)) throw new Error(`${folder} is not a remote of config/remotes.json`);
  writeRemotes(readJson(remotesFile).filter((dir) => dir !== folder));
  writeFileSync(workspaceFile, readFileSync(workspaceFile, 'utf8').replace(`  - '${folder}'\n`, ''));
  rmSync(path.join(root, folder), { recursive: true, force: true });
  rmSync(path.join(releasesDir(), folder), { recursive: true, force: true });
  if (install && pnpm(['install', '--offline', '--no-frozen-lockfile', '--reporter=silent']) !== 0)
    pnpm(['install', '--no-frozen-lockfile', '--reporter=silent']);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : undefined;
  };
  const removing = option('--remove');
  const noInstall = args.includes('--no-install');
  if (noInstall) args.splice(args.indexOf('--no-install'), 1);
  try {
    if (removing) {
      removeRemote(removing, { install: !noInstall });
      console.log(`${removing} is removed.`);
    } else {
      const page = option('--page');
      const label = option('--label');
      const [folder] = args;
      if (!folder) {
        console.error('Usage: npm run new-remote -- <folder> [--page /path] [--label "the … pages"]   (or --remove <folder>)');
        process.exit(2);
      }
      const app = newRemote(folder, { ...(page ? { page } : {}), ...(label ? { label } : {}), install: !noInstall });
      console.log(
        `${folder} is a new remote (${app.name}, dev port ${app.devPort}) with the page ${app.pages[0].path}.\n` +
          `  npm run dev -- ${folder}       runs it alone on http://localhost:${app.devPort}${app.pages[0].path}\n` +
          `  npm run release -- ${folder}   ships it`,
      );
    }
  } catch (error) {
    console.error(`new-remote: ${error.message}`);
    process.exit(1);
  }
}
