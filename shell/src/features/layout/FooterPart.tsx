import { createContext, lazy, Suspense, useContext, useMemo, useRef, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { useTakenOverLater } from '../remotes/takenOverLater';

/** The footer's component where it is at hand: the server renderer imports it and renders it at once. */
const FooterAtHand = createContext<ComponentType | null>(null);
export const FooterAtHandProvider = FooterAtHand.Provider;

const loadFooter = () => import('../footer/Footer').then((m) => ({ default: m.Footer }));

/**
 * The footer, on every page and below its fold. On the first page the server
 * rendered, it keeps the server's HTML (its links work as links) and its code
 * is loaded and taken over only once it comes near the screen or the visitor
 * reaches for it; on any later page it loads at once.
 *
 * Its wrapper says so (`data-waits`, as RemoteModule's), for the release
 * check, which reaches for every such part.
 *
 * Its links depend on the address: when the address changes before (a tab
 * chosen, another page), it is taken over at once. (Left waiting, the
 * server's HTML could not take the change: React would wait for it before
 * showing a change made in a transition, or drop it for an empty part.)
 */
export function FooterPart() {
  const atHand = useContext(FooterAtHand);
  const later = useTakenOverLater('near');
  const { pathname, search } = useLocation();
  const firstAddress = useRef(`${pathname}${search}`);
  if (later.waits && firstAddress.current !== `${pathname}${search}`) later.now();
  const Footer = useMemo(
    () =>
      atHand ??
      lazy(async () => {
        if (later.waits) await later.approached;
        return loadFooter();
      }),
    // One component for the part's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [atHand],
  );
  return (
    <div data-waits="near" ref={later.place}>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
