/**
 * Background jobs that must run once, however many server processes (and
 * machines) there are: the release of expired seat holds, refund retries,
 * and later ones (waitlist offers, the day's e-mails, the newsletter).
 *
 * Every process keeps a timer for each job, but a run happens only under a
 * PostgreSQL advisory lock named after the job: while one process runs it,
 * the others skip their turn. A job's task still claims each piece of work
 * in the database (an UPDATE … WHERE it is still to do … RETURNING), so a
 * piece is done once even when runs follow each other closely. On the
 * embedded database (one process) the lock is not needed.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

export interface Jobs {
  /** Runs `task` every `intervalMs`, on one process at a time. */
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
  /** Runs the job now (unless another process is running it); true when it ran here. */
  run(name: string): Promise<boolean>;
  /** Stops the timers and waits for the runs under way. */
  stop(): Promise<void>;
}

export function createJobs(app: FastifyInstance): Jobs {
  const tasks = new Map<string, () => Promise<unknown>>();
  const timers: ReturnType<typeof setInterval>[] = [];
  const running = new Map<string, Promise<boolean>>();
  let stopped = false;

  /** Runs `task` if no other process holds the job's lock (PostgreSQL), holding it meanwhile. */
  async function exclusively(name: string, task: () => Promise<unknown>): Promise<boolean> {
    if (app.dbKind !== 'postgres') {
      await task();
      return true;
    }
    return app.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(hashtext(${`ministry:${name}`})) AS ok`.execute(
        connection,
      );
      if (!rows[0]?.ok) return false;
      try {
        await task();
        return true;
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext(${`ministry:${name}`}))`.execute(connection);
      }
    });
  }

  async function run(name: string): Promise<boolean> {
    const task = tasks.get(name);
    if (!task || stopped) return false;
    // One run at a time in this process too.
    const current = running.get(name);
    if (current) return current;
    const started = exclusively(name, task)
      .catch((error: unknown) => {
        app.log.error({ err: error }, `the job ${name} failed`);
        return false;
      })
      .finally(() => running.delete(name));
    running.set(name, started);
    return started;
  }

  return {
    every(name, intervalMs, task) {
      tasks.set(name, task);
      // JOBS=off: a process that serves pages for a release check leaves the jobs to the site.
      if (app.config.jobs === false) return;
      const timer = setInterval(() => void run(name), intervalMs);
      timer.unref();
      timers.push(timer);
    },
    run,
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled(running.values());
    },
  };
}
