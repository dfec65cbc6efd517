/**
 * The releases of one app, on disk: immutable release folders and the
 * pointer to the live one (see docs/deploying-a-remote.md).
 *
 *   <releases>/<app>/<release>/browser/…   what the browser loads
 *   <releases>/<app>/<release>/server/…    what the server renderer runs
 *   <releases>/<app>/<release>/release.json
 *   <releases>/<app>/live.json             the pointer: { release, history, files, canary, rolledBack, … }
 *
 * The pointer is replaced atomically (written aside, then renamed), so a
 * reader sees the old release or the new one, never half of either. The
 * release scripts and the server (promote and roll back from
 * /admin/releases, a canary rolled back on its visitors' errors) write it
 * through this module; the server reads it (api/src/site/releases.ts).
 *
 * A canary is a release live for a share of visitors (`canary.percent`),
 * beside the live one; promoting it makes it live for everyone, rolling
 * back ends it. A release rolled back (a live one or a canary) is recorded
 * in `rolledBack` and is never the target of a later rollback.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Releases that were live, kept on disk so a rollback can reach them (besides the live one and a canary). */
export const RELEASES_KEPT = 5;
/** The newest builds kept whatever became of them: a visitor mid-session may still be on one. */
export const NEWEST_KEPT = 2;

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

function writePointer(appFolder, pointer) {
  writeAtomically(path.join(appFolder, 'live.json'), `${JSON.stringify(pointer, null, 2)}\n`);
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
 * files (and where it came from: `commit`, `by`) and moves it into place,
 * where it never changes again. It is not live yet: see goLive. Answers the
 * release's record.
 */
export function placeRelease(
  appFolder,
  { app, name, id, staging, inputHash = null, source = null, commit = null, by = null, now = new Date() },
) {
  mkdirSync(appFolder, { recursive: true });
  const files = hashFiles(staging);
  const record = { app, name, release: id, createdAt: now.toISOString(), inputHash, source, commit, by, files };
  writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
  renameSync(staging, path.join(appFolder, id));
  return record;
}

/** A placed release that will not go live (its checks refused it): removed. */
export function discardRelease(appFolder, id) {
  if (RELEASE_ID.test(id) && readPointer(appFolder)?.release !== id)
    rmSync(path.join(appFolder, id), { recursive: true, force: true });
}

/** What the pointer says of a release when it is live. */
const liveFields = (record) => ({
  release: record.release,
  inputHash: record.inputHash ?? null,
  commit: record.commit ?? null,
  by: record.by ?? null,
  files: record.files,
});

/**
 * Makes the placed release live, for everyone or (`canary`: a percentage,
 * 1–99) for that share of visitors beside the live one. A canary under way
 * is replaced (and counts as rolled back). Answers the release live for
 * everyone before, if any.
 */
export function goLive(appFolder, record, { canary = null, now = new Date(), by = record.by ?? null } = {}) {
  const before = readPointer(appFolder);
  if (canary !== null) {
    if (!before) throw new Error('a canary needs a live release beside it: release it for everyone first');
    const percent = Number(canary);
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw new Error('a canary takes 1 to 99 percent of visitors');
    const replaced = before.canary?.release;
    writePointer(appFolder, {
      ...before,
      rolledBack: replaced ? addRolledBack(before, replaced) : (before.rolledBack ?? []),
      lastCanary: replaced
        ? { release: replaced, endedAt: now.toISOString(), outcome: 'replaced', reason: `replaced by ${record.release}`, by }
        : (before.lastCanary ?? null),
      canary: { ...liveFields(record), percent, startedAt: now.toISOString(), startedBy: by },
    });
  } else {
    const history = [record.release, ...(before?.history ?? []).filter((r) => r !== record.release)].slice(0, 20);
    writePointer(appFolder, {
      app: record.app,
      name: record.name,
      ...liveFields(record),
      releasedAt: now.toISOString(),
      releasedBy: by,
      history,
      rolledBack: (before?.rolledBack ?? []).filter((r) => r !== record.release),
      // A release for everyone ends a canary under way.
      canary: null,
      lastCanary: before?.canary
        ? {
            release: before.canary.release,
            endedAt: now.toISOString(),
            outcome: 'replaced',
            reason: `${record.release} went live`,
            by,
          }
        : (before?.lastCanary ?? null),
    });
  }
  prune(appFolder);
  return before?.release ?? null;
}

/** Places the built `staging` folder and makes it live (see placeRelease and goLive). */
export function publishRelease(appFolder, options) {
  if (options.canary != null && !readPointer(appFolder))
    throw new Error('a canary needs a live release beside it: release it for everyone first');
  const record = placeRelease(appFolder, options);
  return goLive(appFolder, record, { canary: options.canary ?? null, now: options.now });
}

function addRolledBack(pointer, id) {
  return [id, ...(pointer.rolledBack ?? []).filter((r) => r !== id)].slice(0, 50);
}

/** The canary becomes live for everyone. Answers { from, to }; throws when there is none. */
export function promote(appFolder, { now = new Date(), by = null } = {}) {
  const pointer = readPointer(appFolder);
  if (!pointer) throw new Error('it has no live release');
  if (!pointer.canary) throw new Error('it has no canary to promote');
  const record = readRelease(appFolder, pointer.canary.release);
  if (!record) throw new Error(`the canary ${pointer.canary.release} is no longer on disk`);
  const history = [record.release, ...pointer.history.filter((r) => r !== record.release)].slice(0, 20);
  writePointer(appFolder, {
    ...pointer,
    ...liveFields(record),
    releasedAt: now.toISOString(),
    releasedBy: by,
    history,
    canary: null,
    lastCanary: { release: record.release, endedAt: now.toISOString(), outcome: 'promoted', reason: 'promoted', by },
  });
  prune(appFolder);
  return { from: pointer.release, to: record.release };
}

/**
 * Rolls back: a canary under way ends (its visitors go back to the live
 * release); otherwise the app goes back to the release live before the
 * current one that is still on disk, unchanged, and was never rolled back.
 * Answers { from, to, canary }; throws with the reason otherwise.
 */
export function rollBack(appFolder, { now = new Date(), by = null, reason = 'rolled back' } = {}) {
  const pointer = readPointer(appFolder);
  if (!pointer) throw new Error('it has no live release');
  if (pointer.canary) {
    const ended = pointer.canary.release;
    writePointer(appFolder, {
      ...pointer,
      canary: null,
      rolledBack: addRolledBack(pointer, ended),
      lastCanary: { release: ended, endedAt: now.toISOString(), outcome: 'rolled back', reason, by },
    });
    prune(appFolder);
    return { from: ended, to: pointer.release, canary: true };
  }
  const rolledBack = new Set(pointer.rolledBack ?? []);
  const previous = pointer.history
    .slice(1)
    .find((id) => !rolledBack.has(id) && existsSync(path.join(appFolder, id, 'release.json')));
  if (!previous) throw new Error(`no release before ${pointer.release} is left to roll back to`);
  const record = readRelease(appFolder, previous);
  const changed = changedFiles(appFolder, previous, record.files);
  if (changed.length)
    throw new Error(`release ${previous} changed on disk since it was made (${changed.slice(0, 3).join(', ')}): not rolled back`);
  // The release rolled back from leaves the history: a second rollback goes further back.
  writePointer(appFolder, {
    ...pointer,
    ...liveFields(record),
    releasedAt: now.toISOString(),
    releasedBy: by,
    history: pointer.history.filter((id) => id !== pointer.release),
    rolledBack: addRolledBack(pointer, pointer.release),
  });
  prune(appFolder);
  return { from: pointer.release, to: previous, canary: false };
}

/**
 * Removes the releases nothing can reach any more, and builds left
 * half-done. Kept: the live release and a canary, the RELEASES_KEPT
 * releases live before them that a rollback may go back to (rolled-back
 * ones excepted), and the NEWEST_KEPT newest builds (visitors mid-session).
 */
export function prune(appFolder) {
  const pointer = readPointer(appFolder);
  const rolledBack = new Set(pointer?.rolledBack ?? []);
  const keep = new Set([pointer?.release, pointer?.canary?.release].filter(Boolean));
  for (const id of (pointer?.history ?? []).filter((r) => !rolledBack.has(r) && r !== pointer?.release).slice(0, RELEASES_KEPT))
    keep.add(id);
  const made = (id) => readRelease(appFolder, id)?.createdAt ?? '';
  const releases = readdirSync(appFolder)
    .filter((name) => RELEASE_ID.test(name))
    .sort((a, b) => made(b).localeCompare(made(a)) || b.localeCompare(a));
  for (const id of releases.slice(0, NEWEST_KEPT)) keep.add(id);
  for (const id of releases) if (!keep.has(id)) rmSync(path.join(appFolder, id), { recursive: true, force: true });
  for (const name of readdirSync(appFolder)) {
    if (!name.startsWith('.staging-')) continue;
    const full = path.join(appFolder, name);
    if (Date.now() - statSync(full).mtimeMs > 3600_000) rmSync(full, { recursive: true, force: true });
  }
}
