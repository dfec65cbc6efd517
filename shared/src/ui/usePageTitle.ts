import { useEffect } from 'react';
import { siteIdentity } from '../config/site-identity';

/**
 * Names the browser tab after the page: 'About us | Luminaries Christian Ministries'.
 * Leaving the page puts the site's name back, so a page that sets no title never shows another's.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} | ${siteIdentity.ministryName}` : siteIdentity.ministryName;
    return () => {
      document.title = siteIdentity.ministryName;
    };
  }, [title]);
}
