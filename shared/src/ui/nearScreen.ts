/** How far below (or above) the screen a part counts as near it. */
const NEAR = '300px';

const REACHING = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * Resolves once `element` comes near the screen, or as soon as the visitor
 * points at it, touches it or moves the keyboard focus into it (so whatever
 * they do next finds it ready). Without IntersectionObserver, at once.
 *
 * The visitor's reach is heard on the window, before anything else: React
 * stops such events at its root while their target is still the server's
 * HTML, waiting to be taken over.
 */
export function whenNearScreen(element: Element | null): Promise<void> {
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const reached = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) done();
    };
    const done = () => {
      observer.disconnect();
      for (const type of REACHING) window.removeEventListener(type, reached, true);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: `${NEAR} 0px`,
    });
    observer.observe(element);
    for (const type of REACHING) window.addEventListener(type, reached, { capture: true, passive: true });
  });
}
