/**
 * The releases of one app, on disk: immutable release folders and the
 * pointer to the live one (see docs/deploying-a-remote.md).
 *
 *   <releases>/<app>/<release>/browser/…   what the browser loads
 *   <releases>/<app>/<release>/server/…    what the server renderer runs
 *   <releases>/<app>/<release>/release.json
 *   <releases>/<app>/live.json             { release, history, files: sha256 by path, … }
 *
 * The pointer is replaced atomically (written aside, then renamed), so a
 * reader sees the old release or the new one, never half of either. The
 * server (api/src/site/releases.ts) reads it; nothing else writes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Releases kept on disk per app (the live one, and the ones before it for visitors mid-session and rollbacks). */
export const RELEASES_KEPT = 5;

export const RELEASE_ID = /^[0-9]{8}-[0-9]{6}-[0-9a-f]{6}$/;

/** A new release's name: when it was made (UTC), and a random part (`20261125-101500-3f9a2c`). */
export function newReleaseId(now = new Date()) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** sha256 (hex) of every file under `folder`, by its path there ('browser/main.js'). */
export function hashFiles(folder, prefix = '') {
  const files = {};
  for (const name of readdirSync(folder).sort()) {
    const full = path.join(folder, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(full).isDirectory()) Object.assign(files, hashFiles(full, rel));
    else if (rel !== 'release.json') files[rel] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return files;
}

/** The app's live pointer, or null. */
export function readPointer(appFolder) {
  try {
    return JSON.parse(readFileSync(path.join(appFolder, 'live.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** A release's own record (release.json), or null. */
export function readRelease(appFolder, id) {
  try {
    return JSON.parse(readFileSync(path.join(appFolder, id, 'release.json'), 'utf8'));
  } catch {
    return null;
  }
}

function writeAtomically(file, text) {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(aside, text);
  renameSync(aside, file);
}

/** Files of a release that are missing or changed since it was recorded. */
export function changedFiles(appFolder, id, files) {
  const changed = [];
  for (const [file, sha256] of Object.entries(files)) {
    const full = path.join(appFolder, id, ...file.split('/'));
    if (!existsSync(full) || createHash('sha256').update(readFileSync(full)).digest('hex') !== sha256) changed.push(file);
  }
  return changed;
}

/**
 * Makes the built `staging` folder release `id` of the app: records its
 * files, moves it into place (it never changes again) and points the app at
 * it. Answers the release that was live before, if any.
 */
export function publishRelease(appFolder, { app, name, id, staging, inputHash = null, source = null, now = new Date() }) {
  mkdirSync(appFolder, { recursive: true });
  const files = hashFiles(staging);
  const record = { app, name, release: id, createdAt: now.toISOString(), inputHash, source, files };
  writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
  renameSync(staging, path.join(appFolder, id));
  const before = readPointer(appFolder);
  switchTo(appFolder, record, before, now);
  prune(appFolder);
  return before?.release ?? null;
}

function switchTo(appFolder, record, before, now) {
  const history = [record.release, ...(before?.history ?? []).filter((r) => r !== record.release)].slice(0, 20);
  const pointer = {
    app: record.app,
    name: record.name,
    release: record.release,
    releasedAt: now.toISOString(),
    inputHash: record.inputHash,
    history,
    files: record.files,
  };
  writeAtomically(path.join(appFolder, 'live.json'), `${JSON.stringify(pointer, null, 2)}\n`);
}

/**
 * Points the app back at the release live before the current one, if it is
 * still on disk and unchanged. Answers { from, to }; throws with the reason
 * otherwise.
 */
export function rollBack(appFolder, now = new Date()) {
  const pointer = readPointer(appFolder);
  if (!pointer) throw new Error('it has no live release');
  const previous = pointer.history.slice(1).find((id) => existsSync(path.join(appFolder, id, 'release.json')));
  if (!previous) throw new Error(`no release before ${pointer.release} is left to roll back to`);
  const record = readRelease(appFolder, previous);
  const changed = changedFiles(appFolder, previous, record.files);
  if (changed.length)
    throw new Error(`release ${previous} changed on disk since it was made (${changed.slice(0, 3).join(', ')}): not rolled back`);
  // The release rolled back from leaves the history: a second rollback goes further back.
  const history = pointer.history.filter((id) => id !== pointer.release);
  switchTo(appFolder, record, { ...pointer, history }, now);
  return { from: pointer.release, to: previous };
}

/** Removes the oldest releases beyond RELEASES_KEPT (never the live one), and builds left half-done. */
export function prune(appFolder, kept = RELEASES_KEPT) {
  const live = readPointer(appFolder)?.release;
  const made = (id) => readRelease(appFolder, id)?.createdAt ?? '';
  const releases = readdirSync(appFolder)
    .filter((name) => RELEASE_ID.test(name))
    .sort((a, b) => made(b).localeCompare(made(a)) || b.localeCompare(a));
  for (const id of releases.slice(kept)) if (id !== live) rmSync(path.join(appFolder, id), { recursive: true, force: true });
  for (const name of readdirSync(appFolder)) {
    if (!name.startsWith('.staging-')) continue;
    const full = path.join(appFolder, name);
    if (Date.now() - statSync(full).mtimeMs > 3600_000) rmSync(full, { recursive: true, force: true });
  }
}
