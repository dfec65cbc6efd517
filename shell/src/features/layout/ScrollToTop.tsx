import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The window scrolls to the top whenever the route path changes. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
