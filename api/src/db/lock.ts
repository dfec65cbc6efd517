/**
 * PGlite does not lock its directory, and two processes on one directory
 * corrupt it. We hold a lock file with our pid beside the folder
 * (`<folder>.lock`), never inside it: a backup of the folder then carries no
 * lock, and a copy restored on the same machine starts while its original
 * runs. A lock left by a process that no longer runs is taken over. (Older
 * versions kept it inside, as `ministry.lock`: such a lock is honoured while
 * its process runs, and removed otherwise.)
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is already in use by process ${pid}. Stop that process first, or set DATA_DIR to another folder.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The name of the lock older versions kept inside the folder (a restore removes it). */
export const LEGACY_LOCK = 'ministry.lock';

/** Where the lock of a database folder is: beside it. */
export const lockFileOf = (dir: string): string => `${path.resolve(dir)}.lock`;

/** Folders this process holds, so a second opener in the same process is refused too. */
const heldHere = new Set<string>();

/** Takes the lock on `dir`; returns a function that releases it. */
export function acquireDirectoryLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const legacy = path.join(dir, LEGACY_LOCK);
  if (existsSync(legacy)) {
    const holder = Number(readFileSync(legacy, 'utf8').trim());
    if (holder !== process.pid && isAlive(holder)) throw new DatabaseLockedError(dir, holder);
    rmSync(legacy, { force: true });
  }
  const file = lockFileOf(dir);
  if (heldHere.has(path.resolve(file))) throw new DatabaseLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(path.resolve(file));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(path.resolve(file));
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder !== process.pid && isAlive(holder)) throw new DatabaseLockedError(dir, holder);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
