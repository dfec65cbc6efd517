/**
 * Pages rendered on the server: what the server renderer and the browser
 * share so the browser can take over (hydrate) the server's HTML as it is.
 *
 * - The data a page was rendered with travels in the page
 *   (`<script id="ministry-prerendered">`), keyed by the names `useResource`
 *   gives its loads, so the browser's first render shows the same thing.
 * - The site's origin (share links) and a guess of the viewport (phone or
 *   not, from the request) are the same on both sides.
 * No effect of this file changes a page that was not rendered on the server.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/** What a server-rendered page carries for the browser. */
export interface PrerenderedPage {
  /** The path and query the page was rendered for. */
  url: string;
  /** 'mobile' when the request came from a phone (the server's guess). */
  viewport: Viewport;
  /** The answers of the page's loads, by `useResource` key. */
  resources: Record<string, unknown>;
  /** When the server rendered the page (ms since 1970): the clock of its relative times ("3 minutes ago"). */
  renderedAt?: number;
}

export type Viewport = 'mobile' | 'desktop';

export const PRERENDERED_ELEMENT_ID = 'ministry-prerendered';

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A promise that says when it is settled, the way React's `use` reads it (no wait on a second render). */
type TrackedPromise = Promise<Settled> & { status?: 'pending' | 'fulfilled'; value?: Settled };

/**
 * The loads of one page render on the server. The renderer renders, waits
 * for the loads the render started, and renders again until none is left;
 * by then `use` finds every answer at once.
 */
export class ServerResourceCache {
  private readonly entries = new Map<string, TrackedPromise>();

  /** Starts `load` under `key` once; the promise never rejects. */
  load(key: string, load: () => Promise<unknown>): Promise<Settled> {
    let entry = this.entries.get(key);
    if (!entry) {
      const tracked: TrackedPromise = load().then(
        (value): Settled => ({ ok: true, value }),
        (error: unknown): Settled => ({ ok: false, error }),
      );
      tracked.status = 'pending';
      void tracked.then((settled) => {
        tracked.status = 'fulfilled';
        tracked.value = settled;
      });
      entry = tracked;
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Loads started and not answered yet. */
  get pending(): Promise<unknown>[] {
    return [...this.entries.values()].filter((e) => e.status !== 'fulfilled');
  }

  private settled(): [string, Settled][] {
    return [...this.entries].flatMap(([key, e]) => (e.value ? [[key, e.value] as [string, Settled]] : []));
  }

  /** Whether any load failed (the page is then better rendered in the browser). */
  get failed(): boolean {
    return this.settled().some(([, s]) => !s.ok);
  }

  /** The successful answers, for the page to carry. */
  resources(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, s] of this.settled()) if (s.ok) out[key] = s.value;
    return out;
  }
}

/** In the browser: the answers the server rendered the first page with. */
export class ClientResourceCache {
  private resources: Record<string, unknown> | null;

  constructor(resources: Record<string, unknown> | null) {
    this.resources = resources;
  }

  /** The server's answer for `key`, while the first page is shown. */
  peek(key: string): { value: unknown } | undefined {
    if (!this.resources || !Object.prototype.hasOwnProperty.call(this.resources, key)) return undefined;
    return { value: this.resources[key] };
  }

  /** Whether the first page, the one the server rendered, is still shown (its HTML may not be taken over yet). */
  get firstPage(): boolean {
    return this.resources !== null;
  }

  /** The visitor moved on: later pages load their own data. */
  expire(): void {
    this.resources = null;
  }
}

export interface PrerenderContextValue {
  cache: ServerResourceCache | ClientResourceCache | null;
  /** The site's origin, e.g. https://example.org (share links). */
  origin: string | null;
  viewport: Viewport | null;
  /** When the server rendered the first page (see `useNow`). */
  renderedAt?: number;
}

const PrerenderContext = createContext<PrerenderContextValue>({ cache: null, origin: null, viewport: null });

export function PrerenderProvider({ value, children }: { value: PrerenderContextValue; children: ReactNode }) {
  return <PrerenderContext.Provider value={value}>{children}</PrerenderContext.Provider>;
}

export const usePrerenderContext = (): PrerenderContextValue => useContext(PrerenderContext);

/** The site's origin, the same on the server and in the browser. */
export function useSiteOrigin(): string {
  const { origin } = usePrerenderContext();
  if (origin) return origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * The viewport the server guessed: what a media-query hook answers while the
 * browser takes over a server-rendered page (then it follows the real screen).
 */
export const useViewportHint = (): Viewport | null => usePrerenderContext().viewport;

/** The browser's clock for relative times, read again every half minute while a page shows one. */
const clock = {
  now: 0,
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

function subscribeToClock(listener: () => void): () => void {
  clock.listeners.add(listener);
  if (!clock.timer) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const l of clock.listeners) l();
    }, 30_000);
  }
  return () => {
    clock.listeners.delete(listener);
    if (!clock.listeners.size && clock.timer) {
      clearInterval(clock.timer);
      clock.timer = undefined;
    }
  };
}

/** Between ticks the same value (React reads a store twice and expects one answer); to the ten seconds when nothing ticks. */
const readClock = (): number => (clock.timer ? clock.now : Math.floor(Date.now() / 10_000) * 10_000);

/**
 * "Now", for relative times ("3 minutes ago"). While the browser takes over a
 * server-rendered page it is the time the server rendered it, so both write
 * the same words (a kept page may be minutes old); then the browser's clock,
 * so the words follow time.
 */
export function useNow(): number {
  const { renderedAt } = usePrerenderContext();
  return useSyncExternalStore(subscribeToClock, readClock, () => renderedAt ?? readClock());
}

/** Reads what the server put in the page, or null when it rendered nothing. */
export function readPrerenderedPage(doc: Document = document): PrerenderedPage | null {
  const text = doc.getElementById(PRERENDERED_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const page = JSON.parse(text) as PrerenderedPage;
    return page && typeof page.url === 'string' && page.resources && typeof page.resources === 'object' ? page : null;
  } catch {
    return null;
  }
}
