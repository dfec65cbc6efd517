/**
 * The site's clock: what "now" is for scheduled content (a devotional or
 * news item dated in the future appears on its date). In tests only
 * (TEST_CLOCK=on, refused on a public address), `PUT /api/test/clock` moves
 * it, so a test sees tomorrow's devotional appear without waiting a day.
 */
export interface Clock {
  now: () => Date;
  /** Moves "now" to `at` (it runs on from there); tests only. */
  setNow: (at: Date) => void;
}

export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    setNow: (at) => {
      offsetMs = at.getTime() - Date.now();
    },
  };
}
