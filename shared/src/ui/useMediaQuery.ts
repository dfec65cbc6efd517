import { useCallback, useSyncExternalStore } from 'react';
import { useViewportHint } from '@ministry/shared/app';
import { theme } from './theme';

/** The site's small-screen breakpoint, as a media query. */
export const MOBILE_QUERY = `(max-width: ${theme.breakpoints.mobile})`;

/**
 * Whether a media query matches now; follows changes (rotating a phone,
 * resizing a window). While the browser takes over a server-rendered page,
 * the phone query answers what the server guessed from the request, so the
 * page does not change layout as it becomes interactive.
 */
export function useMediaQuery(query: string): boolean {
  const hint = useViewportHint();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    [query],
  );
  const read = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, read, () => query === MOBILE_QUERY && hint === 'mobile');
}

/** True when the visitor asked their system for less motion; follows changes live. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
