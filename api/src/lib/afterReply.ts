/**
 * Work that must not change how fast or what an answer is (whether an
 * e-mail address has an account must not show): it runs once the answer is
 * on its way, one task after another (so per-account limits count right).
 * Failures are logged; closing the app waits for what is queued.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface AfterReply {
  /** Queues `task`; `what` names it in the log if it fails. */
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once every queued task has finished. */
  idle(): Promise<void>;
}

export function createAfterReply(log: FastifyBaseLogger): AfterReply {
  let queue: Promise<void> = Promise.resolve();
  return {
    run(what, task) {
      queue = queue
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, `could not ${what}`),
        );
    },
    idle: () => queue,
  };
}
