/**
 * How far below (or above) the screen a part counts as near it: a scroll
 * step or two, so a part just below the first screen (the home page's
 * sermon and events, ~250 px below it on a laptop) loads when the visitor
 * starts down the page, not with the page.
 */
const NEAR = '100px';

const REACHING = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * Resolves as soon as the visitor points at `element`, touches it or moves
 * the keyboard focus into it (so whatever they do next finds it ready), or
 * once it comes near the screen when `nearScreen` is set. Without an
 * element (or, for `nearScreen`, without IntersectionObserver), at once.
 *
 * The visitor's reach is heard on the window, before anything else: React
 * stops such events at its root while their target is still the server's
 * HTML, waiting to be taken over.
 */
function whenApproached(element: Element | null, nearScreen: boolean): Promise<void> {
  if (!element || (nearScreen && typeof IntersectionObserver === 'undefined')) return Promise.resolve();
  return new Promise((resolve) => {
    const reached = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) done();
    };
    const done = () => {
      observer?.disconnect();
      for (const type of REACHING) window.removeEventListener(type, reached, true);
      resolve();
    };
    const observer = nearScreen
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
          rootMargin: `${NEAR} 0px`,
        })
      : null;
    observer?.observe(element);
    for (const type of REACHING) window.addEventListener(type, reached, { capture: true, passive: true });
  });
}

/** Resolves once `element` comes near the screen, or as soon as the visitor reaches for it. */
export function whenNearScreen(element: Element | null): Promise<void> {
  return whenApproached(element, true);
}

/** Resolves once the visitor reaches for `element` (points at it, touches it, focuses into it). */
export function whenReached(element: Element | null): Promise<void> {
  return whenApproached(element, false);
}
