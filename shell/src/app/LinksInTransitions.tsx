import { useContext, useMemo, type ReactNode } from 'react';
import { UNSAFE_NavigationContext as NavigationContext } from 'react-router-dom';

/**
 * A visitor's tap on a link renders the next page in a transition: React
 * renders it in slices the browser paints and answers taps between, so the
 * tap answers at once on a slow phone. Navigations the site makes itself
 * (after a sign-in, a sign-out) stay synchronous, so a store change and the
 * page it leads to render together. (The router stays synchronous; a
 * link's navigation runs inside `startTransition`, so the router's state
 * update is part of it.) While a page that is already shown waits for
 * something, it stays on screen until the next is ready; a part mounted
 * anew (another app's page) shows its loading state at once.
 */
export function LinksInTransitions({ children }: { children: ReactNode }) {
  const navigation = useContext(NavigationContext);
  const value = useMemo(() => ({ ...navigation, useTransitions: true }), [navigation]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
