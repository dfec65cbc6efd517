import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { Header } from '../header/Header';
import { InstallSuggestion } from '../install/InstallSuggestion';
import { remotePartLoading } from '../remotes/pageReady';
import { FooterPart } from './FooterPart';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

// At least a screen tall: while a remote's page is still loading, the
// footer waits below the fold instead of jumping down when the page arrives
// (that jump was the home page's layout shift).
const Main = styled.main`
  flex: 1;
  min-height: 100vh;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -60px;
  z-index: 2000;
  background: #fff;
  padding: 8px 14px;
  border-radius: 6px;
  &:focus {
    top: 8px;
  }
`;

/** Settles the page's readiness once the part it sits in is on screen (taken over). */
function Placed({ settle }: { settle: RefObject<(() => void) | null> }) {
  useEffect(() => settle.current?.(), [settle]);
  return null;
}

/**
 * Header, content and footer: every route but the account forms. On a page
 * the server rendered, each Suspense boundary is taken over (hydrated) on
 * its own: the browser can answer a tap between them, and React takes over
 * first the part the visitor touches. The footer, below the fold, goes last
 * (see FooterPart).
 */
export function MainLayout({ children }: { children: ReactNode }) {
  // The page is not ready (`data-ready`) until its content is taken over, which may come after the layout's.
  const contentPlaced = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    const placed = remotePartLoading();
    contentPlaced.current = placed;
    return placed;
  }, []);
  return (
    <Page>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      <Main id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          {children}
          <Placed settle={contentPlaced} />
        </Suspense>
      </Main>
      <Suspense fallback={null}>
        <InstallSuggestion />
        <FooterPart />
      </Suspense>
    </Page>
  );
}
