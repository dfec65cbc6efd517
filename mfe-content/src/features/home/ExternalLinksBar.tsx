import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { Container, media, theme } from '@ministry/shared/ui';

const LINKS = [
  {
    label: 'Podcast',
    href: siteIdentity.links.podcast,
    icon: 'M12 2a4 4 0 0 0-4 4v5a4 4 0 0 0 8 0V6a4 4 0 0 0-4-4zm-7 9h2a5 5 0 0 0 10 0h2a7 7 0 0 1-6 6.9V21h-2v-3.1A7 7 0 0 1 5 11z',
  },
  {
    label: 'Live Stream',
    href: siteIdentity.links.liveStream,
    icon: 'M3 5h18a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1h-7v2h3v2H7v-2h3v-2H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm7 3.5v6l5-3z',
  },
  {
    label: 'Books',
    href: siteIdentity.links.books,
    icon: 'M6 2h12a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm0 2v16h12V4h-2v7l-2.5-1.5L11 11V4z',
  },
  {
    label: 'Music',
    href: siteIdentity.links.music,
    icon: 'M20 3v12.5a3.5 3.5 0 1 1-2-3.2V7.3l-8 1.8v8.4A3.5 3.5 0 1 1 8 14.3V5.5z',
  },
];

const Bar = styled.nav`
  background: ${theme.colors.primary};
  border-top: 1px solid rgba(255, 255, 255, 0.12);
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(4, 1fr);
  }
  li + li {
    border-left: 1px solid rgba(255, 255, 255, 0.14);
  }
  a {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 10px;
    min-height: 64px;
    padding: 12px;
    color: #fff;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-decoration: none;
    text-transform: uppercase;
    font-size: 0.92rem;
  }
  a:hover {
    background: rgba(255, 255, 255, 0.08);
    color: ${theme.colors.accent};
  }
  svg {
    width: 22px;
    height: 22px;
    fill: ${theme.colors.accent};
    flex: none;
  }
  ${media.mobile} {
    ul {
      grid-template-columns: repeat(2, 1fr);
    }
    li:nth-child(3) {
      border-left: none;
    }
    li:nth-child(n + 3) {
      border-top: 1px solid rgba(255, 255, 255, 0.14);
    }
    a {
      min-height: 56px;
      font-size: 0.85rem;
    }
  }
`;

/** Podcast, Live Stream, Books and Music: the ministry's other homes, each opening in a new tab. */
export function ExternalLinksBar() {
  return (
    <Bar aria-label="Listen, watch and read">
      <Container>
        <ul>
          {LINKS.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`${link.label} (opens in a new tab)`}>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={link.icon} />
                </svg>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </Bar>
  );
}
