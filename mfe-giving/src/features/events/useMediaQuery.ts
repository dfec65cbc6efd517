import { useCallback, useSyncExternalStore } from 'react';
import { theme } from '@ministry/shared/ui';

/** The site's small-screen breakpoint, as a media query. */
export const MOBILE_QUERY = `(max-width: ${theme.breakpoints.mobile})`;

/** Whether a media query matches now; follows changes (rotating a phone, resizing a window). */
export function useMediaQuery(query: string): boolean {
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
  return useSyncExternalStore(subscribe, read, () => false);
}
