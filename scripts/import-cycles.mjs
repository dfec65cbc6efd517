#!/usr/bin/env node
// No import circles: reads every source file of the API and of each app
// (with shared), follows its imports as TypeScript resolves them, and fails
// naming each circle found. Every kind of import counts, `import type`,
// `export … from` and `import('…')` types included: a circle of types only
// still ties two modules so neither can be understood, moved or tested alone.
// Tests are left out (a test may import what it tests from anywhere).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { APP_DIRS } from './lib/apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.test\.tsx?$|\/(test|testing|__tests__)\//;

function sourceFiles(dir) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !TEST.test(full)) out.push(full);
  }
  return out;
}

/** Every module a file names: static imports and re-exports, `import('…')` calls and types, `require`. */
function specifiers(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) found.push(arg.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments.length === 1 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function compilerOptions(project) {
  const configPath = path.join(root, project, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath)).options;
}

/**
 * The circles among `files` (each once, as a list of paths from the
 * repository's root); with `groupOf`, among the groups it puts files in
 * (a module's folder), each named by its first file.
 */
function circles(files, options, groupOf = (file) => file) {
  const inside = new Set(files);
  const edges = new Map();
  const host = ts.createCompilerHost(options);
  for (const file of files) if (!edges.has(groupOf(file))) edges.set(groupOf(file), []);
  for (const file of files) {
    const targets = new Set(edges.get(groupOf(file)));
    for (const spec of specifiers(file)) {
      const resolved = ts.resolveModuleName(spec, file, options, host).resolvedModule?.resolvedFileName;
      let target = resolved && path.resolve(resolved);
      // An .mjs/.js file named from TypeScript resolves to itself only when it exists.
      if (!target && spec.startsWith('.')) {
        const direct = path.resolve(path.dirname(file), spec);
        if (existsSync(direct)) target = direct;
      }
      if (target && inside.has(target) && groupOf(target) !== groupOf(file)) targets.add(groupOf(target));
    }
    edges.set(groupOf(file), [...targets]);
  }
  // Tarjan's strongly connected components: every component of more than one file holds a circle.
  let index = 0;
  const stack = [];
  const state = new Map();
  const components = [];
  const connect = (v) => {
    const s = { index, low: index, onStack: true };
    index += 1;
    state.set(v, s);
    stack.push(v);
    for (const w of edges.get(v)) {
      const t = state.get(w);
      if (!t) {
        connect(w);
        s.low = Math.min(s.low, state.get(w).low);
      } else if (t.onStack) s.low = Math.min(s.low, t.index);
    }
    if (s.low === s.index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of edges.keys()) if (!state.has(node)) connect(node);
  // One circle per component, to name: the shortest way from its first file back to itself.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0];
    const previous = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const v = queue.shift();
      for (const w of edges.get(v)) {
        if (!members.has(w)) continue;
        if (w === start) {
          const loop = [v];
          for (let p = previous.get(v); p; p = previous.get(p)) loop.unshift(p);
          return { size: component.length, loop: [...loop, start].map((f) => path.relative(root, f)) };
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return { size: component.length, loop: component.map((f) => path.relative(root, f)) };
  });
}

const apiModules = path.join(root, 'api/src/modules');
/** An API module's folder (api/src/modules/payments) for its files; any other file for itself. */
const apiModuleOf = (file) => {
  const inModules = path.relative(apiModules, file);
  return inModules.startsWith('..') || !inModules.includes(path.sep) ? file : path.join(apiModules, inModules.split(path.sep)[0]);
};

const projects = [
  { name: 'api', dirs: ['api/src'] },
  // Between the API's modules too: payments and waitlist tied together could not be understood apart.
  { name: 'api', dirs: ['api/src'], groupOf: apiModuleOf, what: 'modules' },
  ...['shared', ...APP_DIRS].map((app) => ({ name: app, dirs: [`${app}/src`] })),
];
let failed = false;
for (const { name, dirs, groupOf, what = 'files' } of projects) {
  if (!existsSync(path.join(root, name, 'tsconfig.json'))) continue;
  const files = dirs.flatMap((d) => sourceFiles(path.join(root, d)));
  const found = circles(files, compilerOptions(name), groupOf);
  for (const { size, loop } of found) {
    failed = true;
    console.error(`import circle in ${name} (${size} ${what} tied together):\n  ${loop.join('\n  → ')}`);
  }
}
if (failed) process.exit(1);
console.log(`no import circles (${projects.map((p) => (p.what ? `${p.name} ${p.what}` : p.name)).join(', ')})`);
