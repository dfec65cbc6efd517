import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { useSiteOrigin } from '@ministry/shared/app';
import { siteIdentity } from '../config/site-identity';
import { notify } from './notify';
import { theme } from './theme';

const noSubscription = () => () => {};
/** Whether the browser can copy to the clipboard (never known on the server). */
const useCanCopy = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => typeof navigator !== 'undefined' && !!navigator.clipboard,
    () => false,
  );

export type ShareNetwork = 'Facebook' | 'Twitter' | 'Whatsapp' | 'Linkedin';

/** The share address of each network for a page URL and the text that goes with it. */
export function shareLinks(url: string, title: string = siteIdentity.shareTitle): Record<ShareNetwork, string> {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    Facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${t}`,
    Twitter: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
    Whatsapp: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${title} ${url}`)}`,
    Linkedin: `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${t}`,
  };
}

const ICONS: Record<ShareNetwork, { color: string; path: string }> = {
  Facebook: {
    color: '#1461c9',
    path: 'M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21z',
  },
  Twitter: {
    color: '#0f1419',
    path: 'M17.8 3h3L14.3 10.5 22 21h-6l-4.7-6.2L5.9 21H2.9l7-8L2.5 3h6.1l4.3 5.7zm-1 16.2h1.7L7.3 4.7H5.5z',
  },
  Whatsapp: {
    color: '#0b7a3e',
    path: 'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.5-3.9-4.7-4.1-.1-.2-1.1-1.5-1.1-2.9s.7-2.1 1-2.4c.3-.3.6-.3.8-.3h.6c.2 0 .4 0 .6.5l.9 2.1c.1.2.1.4 0 .5l-.4.6-.4.4c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1.1c.2-.3.4-.2.6-.1l2 .9c.3.1.5.2.5.3.1.2.1.7-.1 1.3z',
  },
  Linkedin: {
    color: '#0a66c2',
    path: 'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.3c0-1.3 0-2.9-1.8-2.9s-2 1.4-2 2.8V21h-4z',
  },
};

const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
`;

const Heading = styled.span`
  flex-basis: 100%;
  font-weight: 600;
  color: ${theme.colors.primary};
`;

const pill = `
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 8px 16px;
  border-radius: 999px;
  font-weight: 600;
  font-size: 0.9rem;
  text-decoration: none;
  cursor: pointer;
  svg { width: 18px; height: 18px; fill: currentColor; flex: none; }
`;

const Item = styled.a<{ $color: string }>`
  ${pill}
  background: ${(p) => p.$color};
  color: #fff;
  border: none;
  &:hover {
    filter: brightness(1.12);
  }
`;

const CopyButton = styled.button`
  ${pill}
  background: ${theme.colors.surface};
  color: ${theme.colors.primary};
  border: 1px solid ${theme.colors.border};
  &:hover {
    background: #ece8de;
  }
`;

/**
 * Share buttons (Facebook, Twitter, Whatsapp, Linkedin) for a page URL (a
 * path like `/news?item=1` is shared on the site's own origin); each carries
 * the ministry's fixed share title. Opens in a new tab. A Copy link button is
 * offered where the browser allows it.
 */
export function ShareButtons({
  url: address,
  title = siteIdentity.shareTitle,
  heading = 'Share',
}: {
  url: string;
  title?: string;
  heading?: string;
}) {
  const origin = useSiteOrigin();
  const url = address.startsWith('/') ? `${origin}${address}` : address;
  const canCopy = useCanCopy();
  const links = shareLinks(url, title);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied');
    } catch {
      notify.error('Your browser did not let us copy the link; you can copy it from the address bar.');
    }
  };
  return (
    <Wrap role="group" aria-label={heading}>
      <Heading aria-hidden="true">{heading}</Heading>
      {(Object.keys(links) as ShareNetwork[]).map((network) => (
        <Item
          key={network}
          href={links[network]}
          target="_blank"
          rel="noopener noreferrer"
          $color={ICONS[network].color}
          aria-label={`Share on ${network} (opens in a new tab)`}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={ICONS[network].path} />
          </svg>
          <span aria-hidden="true">{network}</span>
        </Item>
      ))}
      {canCopy && (
        <CopyButton type="button" onClick={copy}>
          Copy link
        </CopyButton>
      )}
    </Wrap>
  );
}
