import { useEffect } from 'react';
import { siteIdentity } from '../config/site-identity';

/** Names the browser tab after the page: 'About | Luminaries Christian Ministries'. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} | ${siteIdentity.ministryName}` : siteIdentity.ministryName;
  }, [title]);
}
