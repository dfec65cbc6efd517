/**
 * Counts failures per key in a sliding window (failed logins per account and
 * address, test gifts per giver). In memory: each API process counts its own, which bounds guessing
 * per process. Only failures count, so many members signing in from one
 * network are never held up by each other's successes.
 */
export class FailureCounter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** The failures of `key` in the window. */
  count(key: string, now = Date.now()): number {
    return this.recent(key, now).length;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.max;
  }

  fail(key: string, now = Date.now()): void {
    const list = [...this.recent(key, now), now];
    // Re-inserted so the map stays ordered by latest failure: when full, the key idle longest goes, never an active one.
    this.failures.delete(key);
    this.failures.set(key, list);
    if (this.failures.size > this.maxKeys) this.failures.delete(this.failures.keys().next().value!);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  /** Forgets every key `matches` accepts. */
  clearWhere(matches: (key: string) => boolean): void {
    for (const key of [...this.failures.keys()]) if (matches(key)) this.failures.delete(key);
  }
}
