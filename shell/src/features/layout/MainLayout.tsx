import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { Header } from '../header/Header';
import { Footer } from '../footer/Footer';
import { InstallSuggestion } from '../install/InstallSuggestion';

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

/**
 * Header, content and footer: every route but the account forms. On a page
 * the server rendered, each Suspense boundary is taken over (hydrated) on
 * its own: the browser can answer a tap between them, and React takes over
 * first the part the visitor touches. The footer, below the fold, goes last.
 */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <Page>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      <Main id="main" tabIndex={-1}>
        <Suspense fallback={null}>{children}</Suspense>
      </Main>
      <Suspense fallback={null}>
        <InstallSuggestion />
        <Footer />
      </Suspense>
    </Page>
  );
}
