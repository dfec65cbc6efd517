/**
 * What `@ministry/shared` exports, entry by entry, and since which of its
 * versions each export has been as it is: recorded in `shared/exports.json`
 * beside its package.json, so a change to what it exports never goes
 * unnoticed.
 *
 * - `npm test` (and every release) reads the exports anew with the
 *   TypeScript compiler and compares them with the record: a change
 *   without a new version fails, naming what changed and the version to
 *   take (minor for additions, major for removals and changed signatures).
 * - `npm run shared:version -- <major|minor|patch>` takes the new version
 *   and records the exports: each changed export, and its entry, is then
 *   "since" the new version.
 *
 * The builds share each entry at the package's version and ask for the
 * version its entry has been as it is since, up to the package's next
 * major version (`>=since <next major`): a remote built
 * against a newer entry than the live shell serves loads its own copy of a
 * stateless entry beside the shell's, and is refused for a stateful one
 * (the entries named in package.json's `ministry.statefulEntries`); see
 * docs/deploying-a-remote.md, "Changing shared".
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Entries for tests only: not part of what the apps run. */
const NOT_TRACKED = new Set(['./testing']);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const typescript = () => require(require.resolve('typescript', { paths: [root] }));

/** The compiler options of shared in `folder`, from its tsconfig.json. */
function compilerOptions(ts, folder) {
  const configFile = ts.readConfigFile(path.join(folder, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(configFile.config, ts.sys, folder).options;
}

/**
 * Files parsed (and bound, once a checker has used them) by the programs
 * this process built, by options, name and text: a file read again with
 * the same text is not parsed again. Options that only change what is
 * reported are left out of the key.
 */
const parsedFiles = new Map();
const REPORTING_ONLY = new Set(['noEmit', 'noUnusedLocals', 'noUnusedParameters', 'configFilePath']);

/**
 * A compiler host that reads through the cache of parsed files. `virtual`
 * (full name → text) adds files that are not on disk; `answers`, when
 * given, gets every answer the host gives about the disk (kind and name →
 * answer), so a later call can tell whether the compiler would read the
 * same (`sameAnswers`).
 */
function cachingHost(ts, options, { virtual = new Map(), answers } = {}) {
  const host = ts.createCompilerHost(options);
  const settings = JSON.stringify(Object.entries(options).filter(([name]) => !REPORTING_ONLY.has(name)));
  const asked = (kind, name, answer) => {
    answers?.set(`${kind}\0${name}`, answer);
    return answer;
  };
  const disk = Object.fromEntries(
    ['fileExists', 'readFile', 'directoryExists', 'getDirectories', 'realpath'].map((kind) => [kind, host[kind]?.bind(host)]),
  );
  host.fileExists = (name) => virtual.has(path.resolve(name)) || asked('fileExists', name, disk.fileExists(name));
  host.readFile = (name) => virtual.get(path.resolve(name)) ?? asked('readFile', name, disk.readFile(name));
  host.directoryExists = (name) => asked('directoryExists', name, disk.directoryExists(name));
  host.getDirectories = (name) => asked('getDirectories', name, disk.getDirectories(name));
  if (disk.realpath) host.realpath = (name) => asked('realpath', name, disk.realpath(name));
  host.getSourceFile = (name, languageVersionOrOptions, onError, createNew) => {
    const text = virtual.get(path.resolve(name));
    if (text !== undefined) return ts.createSourceFile(name, text, languageVersionOrOptions, true);
    let read;
    try {
      read = host.readFile(name);
    } catch (error) {
      onError?.(error.message);
      read = '';
    }
    if (read === undefined) return undefined;
    const { languageVersion, impliedNodeFormat, jsDocParsingMode } =
      typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
    const key = `${settings}\0${languageVersion}\0${impliedNodeFormat}\0${jsDocParsingMode}\0${name}`;
    const kept = parsedFiles.get(key);
    if (!createNew && kept?.text === read) return kept.sourceFile;
    const sourceFile = ts.createSourceFile(name, read, languageVersionOrOptions);
    parsedFiles.set(key, { text: read, sourceFile });
    return sourceFile;
  };
  return host;
}

/** A package.json's text with its version left out. */
const withoutVersion = (text) => text?.replace(/"version":\s*"[^"]*"/, '"version": ""');

const hashOf = (text) => createHash('sha256').update(text).digest('hex');

/** A file's text as the answers compare it: the folder's package.json (`ownPackage`) without its version. */
const comparedText = (name, text, ownPackage) => (path.resolve(name) === ownPackage ? withoutVersion(text) : text);

/**
 * Whether the disk still answers as it did (`answers` from `cachingHost`,
 * or as kept on disk: a file read as its text's hash, see answersToKeep).
 * The version in `ownPackage` (the folder's package.json) is left out: the
 * compiler uses a version only to tell two copies of one package apart,
 * and every file of the folder gets the same one.
 */
function sameAnswers(ts, options, answers, ownPackage) {
  const host = ts.createCompilerHost(options);
  for (const [key, answer] of answers) {
    const [kind, name] = key.split('\0');
    const now = host[kind](name);
    // JSON keeps no undefined (a file not found): it comes back from disk as null.
    if (answer?.sha256 !== undefined) {
      if (typeof now !== 'string' || hashOf(comparedText(name, now, ownPackage)) !== answer.sha256) return false;
    } else if (kind === 'readFile' && typeof answer === 'string') {
      if (comparedText(name, now, ownPackage) !== comparedText(name, answer, ownPackage)) return false;
    } else if (JSON.stringify(now ?? null) !== JSON.stringify(answer ?? null)) return false;
  }
  return true;
}

/**
 * The last few exports read in this process, by folder and options, each
 * with the compiler's view of the disk it was read from: read again only
 * when something the compiler read (or looked for) differs.
 */
const readExports = new Map();
const KEPT_READS = 4;

/**
 * The last exports read, by folder and options, kept on disk for the next
 * process (each release checks shared's exports, and a program takes the
 * compiler several CPU-seconds): `.cache/shared-exports/`, with the
 * compiler's view of the disk as in this process's, a file read kept as
 * its text's hash. Another process is read again the same way: only when
 * nothing the compiler read (or looked for) differs is the kept answer
 * taken.
 */
const KEPT_ON_DISK = path.join(root, '.cache/shared-exports');
const KEPT_ON_DISK_FILES = 8;
const keptFile = (key) => path.join(KEPT_ON_DISK, `${hashOf(key).slice(0, 32)}.json`);

/** Answers as kept on disk: a file's text as its hash (the folder's package.json without its version). */
function answersToKeep(answers, ownPackage) {
  return [...answers].map(([key, answer]) => {
    const [kind, name] = key.split('\0');
    if (kind !== 'readFile' || typeof answer !== 'string') return [key, answer];
    return [key, { sha256: hashOf(comparedText(name, answer, ownPackage)) }];
  });
}

/** The exports kept on disk for `key`, when the disk still answers the same; else undefined. */
function keptOnDisk(ts, options, key, ownPackage) {
  let kept;
  try {
    kept = readJson(keptFile(key));
  } catch {
    return undefined;
  }
  return kept.key === key && sameAnswers(ts, options, kept.answers, ownPackage) ? kept.result : undefined;
}

/** Keeps the exports read for `key` on disk (written aside, then moved: another process reads a whole file or none). */
function keepOnDisk(key, answers, result, ownPackage) {
  try {
    mkdirSync(KEPT_ON_DISK, { recursive: true });
    const file = keptFile(key);
    const aside = `${file}.${process.pid}`;
    writeFileSync(aside, JSON.stringify({ key, answers: answersToKeep(answers, ownPackage), result }));
    renameSync(aside, file);
    // The newest few (copies of shared made by tests and releases come and go).
    const files = readdirSync(KEPT_ON_DISK)
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(KEPT_ON_DISK, name))
      .map((full) => ({ full, time: statSync(full).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const { full } of files.slice(KEPT_ON_DISK_FILES)) rmSync(full, { force: true });
  } catch {
    // Not kept: the next process reads the exports again.
  }
}

/** The shared package in `folder`: its version, entries (`api` → file) and stateful entries. */
export function sharedPackage(folder = path.join(root, 'shared')) {
  const pkg = readJson(path.join(folder, 'package.json'));
  const entries = {};
  for (const [key, file] of Object.entries(pkg.exports ?? {})) {
    if (NOT_TRACKED.has(key) || typeof file !== 'string') continue;
    entries[key.replace(/^\.\//, '')] = path.join(folder, file);
  }
  return { folder, version: pkg.version, entries, stateful: pkg.ministry?.statefulEntries ?? [] };
}

/** The record (shared/exports.json), or null. */
export function readRecord(folder = path.join(root, 'shared')) {
  try {
    return readJson(path.join(folder, 'exports.json'));
  } catch {
    return null;
  }
}

/**
 * Every entry's exports as the compiler sees them: name → kind and
 * signature ('value' with its type, 'type' with its members).
 */
export function currentExports(folder = path.join(root, 'shared')) {
  const ts = typescript();
  const { entries } = sharedPackage(folder);
  const options = { ...compilerOptions(ts, folder), noEmit: true };
  const key = JSON.stringify([path.resolve(folder), process.cwd(), ts.version, options, entries]);
  const ownPackage = path.resolve(folder, 'package.json');
  const kept = readExports.get(key) ?? [];
  const found = kept.find((read) => sameAnswers(ts, options, read.answers, ownPackage));
  if (found) {
    readExports.set(key, [found, ...kept.filter((read) => read !== found)]);
    return structuredClone(found.result);
  }
  const fromDisk = keptOnDisk(ts, options, key, ownPackage);
  if (fromDisk) return fromDisk;
  const answers = new Map();
  const program = ts.createProgram(Object.values(entries), options, cachingHost(ts, options, { answers }));
  const result = exportsOf(ts, program, entries);
  readExports.set(key, [{ answers, result: structuredClone(result) }, ...kept].slice(0, KEPT_READS));
  keepOnDisk(key, answers, result, ownPackage);
  return result;
}

/** Every entry's exports in `program` (see currentExports). */
function exportsOf(ts, program, entries) {
  const checker = program.getTypeChecker();
  // A type named by its file (`import("/…/node_modules/yup/index").Schema`) is named by its name only:
  // where the package sits on disk is not part of what shared exports.
  // A symbol-keyed member is named by its symbol, not the compiler's running number (`__@observable@1106`).
  const typeText = (type) =>
    checker
      .typeToString(type, undefined, flags)
      .replace(/import\("[^"]*node_modules\/((?:@[^/"]+\/)?[^/"]+)[^"]*"\)/g, 'import("$1")')
      .replace(/__@(\w+)@\d+/g, '[Symbol.$1]');
  const flags =
    ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  // An interface of the language's library (RegExp, Date), not a type made with one of its helpers (Partial<…>).
  const fromDefaultLibrary = (type) =>
    Boolean(type.symbol && type.symbol.flags & ts.SymbolFlags.Interface && type.symbol.declarations?.length) &&
    type.symbol.declarations.every((d) => program.isSourceFileDefaultLibrary(d.getSourceFile()));
  const result = {};
  for (const [entry, file] of Object.entries(entries)) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} (the entry ${entry}) is not found`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const exports = {};
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      const value = Boolean(symbol.flags & ts.SymbolFlags.Value && declaration);
      const type = value ? checker.getTypeOfSymbolAtLocation(symbol, declaration) : checker.getDeclaredTypeOfSymbol(symbol);
      // An object (not a function or a class's constructor): its members, each with its type, so an
      // added member reads as an addition. One of the language's own (a RegExp, a Date) is named: its
      // members are the compiler's library's, which a new TypeScript may print otherwise.
      const objectLike =
        type.flags & ts.TypeFlags.Object &&
        !type.getCallSignatures().length &&
        !type.getConstructSignatures().length &&
        !fromDefaultLibrary(type);
      const properties = objectLike ? checker.getPropertiesOfType(type) : [];
      if (properties.length) {
        const members = {};
        for (const m of properties) {
          const d = m.valueDeclaration ?? m.declarations?.[0];
          const optional = m.flags & ts.SymbolFlags.Optional ? '?' : '';
          members[`${m.name.replace(/^__@(\w+)@\d+$/, '[Symbol.$1]')}${optional}`] = d
            ? typeText(checker.getTypeOfSymbolAtLocation(m, d))
            : 'unknown';
        }
        exports[exported.name] = { kind: value ? 'value' : 'type', signature: 'object', members };
      } else {
        exports[exported.name] = { kind: value ? 'value' : 'type', signature: typeText(type) };
      }
    }
    result[entry] = Object.fromEntries(Object.entries(exports).sort(([a], [b]) => a.localeCompare(b)));
  }
  return result;
}

/**
 * Whether two printed types are the same: TypeScript prints a union's
 * members in the order the program first met them, which other code moves
 * ('a' | 'b' and 'b' | 'a' are one type, and so are { a: A; b: B; } and
 * { b: B; a: A; }).
 */
function sameType(a, b) {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return canonicalType(a) === canonicalType(b);
}

const OPEN = { '{': '}', '(': ')', '[': ']', '<': '>' };
const isClosing = (text, i) => '})]>'.includes(text[i]) && !(text[i] === '>' && text[i - 1] === '=');

/** Each character's bracket depth in `text` (a bracket has the depth outside it), -1 inside quotes. */
function depths(text) {
  const out = [];
  let depth = 0;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      out[i] = -1;
      if (c === '\\') out[++i] = -1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
      out[i] = -1;
    } else if (c in OPEN) out[i] = depth++;
    else if (isClosing(text, i)) out[i] = --depth;
    else out[i] = depth;
  }
  return out;
}

/** Splits `text` at `separator` where it is outside brackets and quotes. */
function splitTopLevel(text, separator) {
  const depth = depths(text);
  const parts = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (depth[i] === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * A type's text with the order the compiler happened to print in taken out:
 * union members, object members and tuples of names sorted, at every depth.
 */
export function canonicalType(text) {
  // A parameter's or a type parameter's name before its type ('to: A | B', 'K extends A | B', 'K in A | B').
  const named = /^(?:\.\.\.)?[\w$]+\??: |^[\w$]+ (?:extends|in) /.exec(text.trim());
  if (named) return named[0] + canonicalType(text.trim().slice(named[0].length));
  const union = splitTopLevel(text.trim(), ' | ');
  if (union.length > 1) return union.map(canonicalType).sort().join(' | ');
  const type = union[0] ?? '';
  const depth = depths(type);
  let out = '';
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (depth[i] !== 0 || !(c in OPEN)) {
      out += c;
      continue;
    }
    let end = i + 1;
    while (end < type.length && !(depth[end] === 0 && isClosing(type, end))) end++;
    const inner = type.slice(i + 1, end);
    if (c === '{') {
      const members = splitTopLevel(inner, ';').map((member) => {
        const [name, ...rest] = splitTopLevel(member, ': ');
        return rest.length ? `${canonicalType(name)}: ${canonicalType(rest.join(': '))}` : canonicalType(member);
      });
      out += `{ ${members.sort().join('; ')}; }`;
    } else {
      const parts = splitTopLevel(inner, ', ').map(canonicalType);
      // A list of names only (a schema's `required`) is a set: printed in the order the names were met.
      if (c === '[' && parts.length > 1 && parts.every((p) => /^'[^']*'$/.test(p))) parts.sort();
      out += c + parts.join(', ') + (type[end] ?? '');
    }
    i = end;
  }
  return out;
}

/**
 * What changed between an export as recorded and as it is now: nothing,
 * 'added' (an object that only gained members), or 'changed'. `same`
 * says whether two printed types are one type.
 */
function exportChange(before, now, same = sameType) {
  if (before.kind !== now.kind || !same(before.signature, now.signature)) return 'changed';
  if (!now.members) return null;
  const was = before.members ?? {};
  if (Object.keys(was).some((name) => !same(was[name], now.members[name]))) return 'changed';
  return Object.keys(now.members).some((name) => !(name in was)) ? 'added' : null;
}

/** The printed types of an export, as recorded and now, that differ as text (both present). */
function differingTexts(before, now) {
  const pairs = [];
  const compare = (a, b) => {
    if (a !== undefined && b !== undefined && a !== 'object' && b !== 'object' && !sameType(a, b)) pairs.push([a, b]);
  };
  if (before.kind !== now.kind) return pairs;
  compare(before.signature, now.signature);
  for (const name of Object.keys(before.members ?? {})) compare(before.members[name], now.members?.[name]);
  return pairs;
}

const pairKey = (entry, a, b) => `${entry}\n${a}\n${b}`;

/**
 * Which printed types that differ as text are still one type: an interface
 * whose members the compiler now writes out where it wrote the
 * interface's name before (or the reverse) is not a change. Each pair is
 * declared in a file beside the entry, with the entry's exports in scope,
 * and each side must be assignable to the other; a name the file cannot
 * resolve (a type the entry does not export) makes the pair differ.
 * Answers the keys (`pairKey`) of the pairs that are one type.
 */
function sameTypesByCompiler(folder, pairsByEntry, current) {
  const found = new Set();
  const wanted = Object.entries(pairsByEntry).filter(([, pairs]) => pairs.length);
  if (!wanted.length) return found;
  const ts = typescript();
  const { entries } = sharedPackage(folder);
  const options = { ...compilerOptions(ts, folder), noEmit: true, noUnusedLocals: false, noUnusedParameters: false };
  const files = new Map();
  for (const [entry, pairs] of wanted) {
    const file = path.join(folder, `.same-types-${entry.replace(/\W/g, '_')}.ts`);
    const from = `./${path
      .relative(folder, entries[entry])
      .replace(/\\/g, '/')
      .replace(/\.tsx?$/, '')}`;
    const names = Object.keys(current[entry] ?? {});
    // One line per pair: the line of a compiler error names the pair.
    const lines = [names.length ? `import type { ${names.join(', ')} } from '${from}';` : ''];
    pairs.forEach(([a, b], i) =>
      lines.push(
        `type Was${i}__ = ${a}; type Now${i}__ = ${b}; export const same${i}__: [Was${i}__] extends [Now${i}__] ? ([Now${i}__] extends [Was${i}__] ? true : false) : false = true;`,
      ),
    );
    files.set(file, { entry, pairs, text: lines.join('\n') });
  }
  const virtual = new Map([...files].map(([file, { text }]) => [file, text]));
  const host = cachingHost(ts, options, { virtual });
  const program = ts.createProgram([...Object.values(entries), ...files.keys()], options, host);
  for (const [file, { entry, pairs }] of files) {
    const source = program.getSourceFile(file);
    const wrongLines = new Set(
      [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
        (d) => source.getLineAndCharacterOfPosition(d.start ?? 0).line,
      ),
    );
    // The imports' line is 0: an error there (an export the compiler cannot see) leaves every pair differing.
    if (wrongLines.has(0)) continue;
    pairs.forEach(([a, b], i) => {
      if (!wrongLines.has(i + 1)) found.add(pairKey(entry, a, b));
    });
  }
  return found;
}

/**
 * What changed between the record and the exports now, entry by entry
 * ({ entry, name, change, kind }). Printed types that differ are asked of
 * the compiler (shared in `folder`) before they count as a change.
 */
export function exportChanges(record, current, folder = path.join(root, 'shared')) {
  const pairsByEntry = {};
  for (const entry of Object.keys(current)) {
    const before = record?.entries?.[entry]?.exports ?? {};
    pairsByEntry[entry] = Object.keys(current[entry])
      .filter((name) => before[name])
      .flatMap((name) => differingTexts(before[name], current[entry][name]));
  }
  const sameByCompiler = sameTypesByCompiler(folder, pairsByEntry, current);
  const changes = [];
  const entries = new Set([...Object.keys(record?.entries ?? {}), ...Object.keys(current)]);
  for (const entry of [...entries].sort()) {
    const before = record?.entries?.[entry]?.exports ?? {};
    const now = current[entry] ?? {};
    const same = (a, b) => sameType(a, b) || sameByCompiler.has(pairKey(entry, a, b));
    if (!current[entry]) changes.push({ entry, name: '*', change: 'removed', kind: 'value' });
    for (const name of Object.keys(now)) {
      const change = before[name] ? exportChange(before[name], now[name], same) : 'added';
      if (change) changes.push({ entry, name, change, kind: now[name].kind });
    }
    for (const name of Object.keys(before))
      if (current[entry] && !now[name]) changes.push({ entry, name, change: 'removed', kind: before[name].kind });
  }
  return changes;
}

/** The least bump the changes need. */
export function neededBump(changes) {
  if (changes.some((c) => c.change !== 'added')) return 'major';
  return changes.length ? 'minor' : null;
}

const describe = (changes) =>
  changes.map((c) => (c.name === '*' ? `the entry ${c.entry} ${c.change}` : `${c.entry}: ${c.name} ${c.change}`)).join(', ');

/**
 * Whether shared's exports are as recorded at its version. Answers the
 * problems (empty: all is well), each saying what to do.
 */
export function checkSharedExports(folder = path.join(root, 'shared')) {
  const pkg = sharedPackage(folder);
  const record = readRecord(folder);
  if (!record)
    return [`@ministry/shared has no record of its exports (shared/exports.json): run \`npm run shared:version -- minor\``];
  const changes = exportChanges(record, currentExports(folder), folder);
  if (!changes.length) {
    if (record.version !== pkg.version)
      return [
        `@ministry/shared's package.json says ${pkg.version} but its exports are recorded at ${record.version}: set the version back, or run \`npm run shared:version -- <major|minor|patch>\``,
      ];
    return [];
  }
  return [
    `@ministry/shared's exports changed (${describe(changes)}) but its version is still ${record.version}: ` +
      `run \`npm run shared:version -- ${neededBump(changes)}\` to take a new version, then release the apps that need it`,
  ];
}

/** The next version after `version` for a `bump` (major, minor, patch). */
export function bumped(version, bump) {
  const [major, minor, patch] = version.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  throw new Error(`a bump is major, minor or patch, not ${bump}`);
}

/** Takes a new version of shared (`bump`) and records its exports. Answers { version, changes }. */
export function takeVersion(bump, folder = path.join(root, 'shared')) {
  const pkg = sharedPackage(folder);
  const record = readRecord(folder);
  const current = currentExports(folder);
  const changes = exportChanges(record, current, folder);
  const needed = neededBump(changes);
  const order = { patch: 0, minor: 1, major: 2 };
  if (record && needed && order[bump] < order[needed])
    throw new Error(`the changes (${describe(changes)}) need a ${needed} version, not a ${bump} one`);
  const version = record ? bumped(record.version, bump) : pkg.version;
  const entries = {};
  for (const [entry, exports] of Object.entries(current)) {
    const before = record?.entries?.[entry];
    const recorded = {};
    let since = before?.since ?? version;
    const changed = new Set(changes.filter((c) => c.entry === entry).map((c) => c.name));
    for (const [name, now] of Object.entries(exports)) {
      const was = before?.exports?.[name];
      const same = was && !changed.has(name);
      recorded[name] = { since: same ? was.since : version, ...now };
      // What an app asks for at run time moves with what runs: values, not types.
      if (!same && now.kind === 'value') since = version;
    }
    // A value removed: what asked for the entry before cannot run on it now.
    if (Object.entries(before?.exports ?? {}).some(([name, was]) => !exports[name] && was.kind === 'value')) since = version;
    entries[entry] = { since, exports: recorded };
  }
  const packageFile = path.join(folder, 'package.json');
  const text = readFileSync(packageFile, 'utf8');
  writeFileSync(packageFile, text.replace(/"version":\s*"[^"]+"/, `"version": "${version}"`));
  writeFileSync(path.join(folder, 'exports.json'), `${JSON.stringify({ version, entries }, null, 2)}\n`);
  return { version, changes };
}

/**
 * The versions each entry is shared at: `version` (the package's) and
 * `since` (the version it has been as it is since), from the record.
 */
export function entryVersions(folder = path.join(root, 'shared')) {
  const pkg = sharedPackage(folder);
  const record = readRecord(folder);
  return Object.fromEntries(
    Object.keys(pkg.entries).map((entry) => [
      entry,
      { version: pkg.version, since: record?.entries?.[entry]?.since ?? pkg.version, stateful: pkg.stateful.includes(entry) },
    ]),
  );
}

/** The exports of `entry` that are newer than `version` (what a consumer at that version lacks). */
export function exportsNewerThan(entry, version, folder = path.join(root, 'shared')) {
  const semver = require(require.resolve('semver', { paths: [root] }));
  const record = readRecord(folder);
  return Object.entries(record?.entries?.[entry]?.exports ?? {})
    .filter(([, e]) => e.kind === 'value' && semver.valid(e.since) && semver.valid(version) && semver.gt(e.since, version))
    .map(([name]) => name);
}
