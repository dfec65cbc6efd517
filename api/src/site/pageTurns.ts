/**
 * Pages wait their turn behind the API. The site and the API share one event
 * loop: when a crowd loads pages at once, every member's like, post or
 * checkout would otherwise queue behind dozens of page sends. A page that is
 * ready to go out (a kept copy, bytes in memory) waits here instead, and each
 * turn of the event loop sends at most `perTurn` of them (one, by default:
 * the cheapest of the settings measured by `npm run bench`) before the loop
 * polls again, so API calls that arrived meanwhile are answered first.
 *
 * The same work is done, in smaller slices: pages alone go out as fast as
 * before (`npm run bench`, pages beside a static file). While API calls come
 * in too, a page waits a few turns of the loop longer.
 */
export interface PageTurns {
  /** Resolves when this page may be sent. */
  wait(): Promise<void>;
  /** Pages waiting now. */
  readonly waiting: number;
}

export function createPageTurns(perTurn = 1): PageTurns {
  const queue: (() => void)[] = [];
  let scheduled = false;

  function turn() {
    scheduled = false;
    // Only the pages waiting when this turn began: those that queue during it wait for the next one.
    for (const go of queue.splice(0, perTurn)) go();
    if (queue.length) schedule();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the loop has polled for I/O: an API call that arrived meanwhile is answered first.
    setImmediate(turn);
  }

  return {
    wait() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        schedule();
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}
