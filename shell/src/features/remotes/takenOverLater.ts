import { useRef, useState } from 'react';
import { ClientResourceCache, usePrerenderContext } from '@ministry/shared/app';
import { whenNearScreen, whenReached } from '@ministry/shared/ui';

/**
 * When a part of the page waits to be taken over: once it comes near the
 * screen (`near`), or once the visitor reaches for it (`reached`).
 */
export type TakeOver = 'near' | 'reached';

/**
 * A part of the first page the server rendered may keep the server's HTML
 * (readable, its links working as links), its code loaded and the part
 * taken over only later: see RemoteModule and the layout's FooterPart. On
 * any later page (the browser renders those itself) nothing waits.
 *
 * `waits`: decided on the first render. `place`: the ref of the part's
 * wrapper, from which the visitor's approach is heard as soon as React
 * places it (the part inside is taken over later). `approached`: resolves
 * once the visitor came near or reached for it, or `now()` was called.
 */
export function useTakenOverLater(when: TakeOver | false): {
  waits: boolean;
  place: (element: Element | null) => void;
  approached: Promise<void>;
  now: () => void;
} {
  const { cache } = usePrerenderContext();
  const waits = useRef(Boolean(when) && cache instanceof ClientResourceCache && cache.firstPage).current;
  const [part] = useState(() => {
    let settle: (approach: Promise<void>) => void = () => {};
    let hurry: () => void = () => {};
    const approached = Promise.race([
      new Promise<void>((resolve) => (settle = resolve)),
      new Promise<void>((resolve) => (hurry = resolve)),
    ]);
    let heard = false;
    const place = (element: Element | null) => {
      if (!element || heard || !waits) return;
      heard = true;
      settle(when === 'reached' ? whenReached(element) : whenNearScreen(element));
    };
    return { place, approached, now: () => hurry() };
  });
  return { waits, ...part };
}
