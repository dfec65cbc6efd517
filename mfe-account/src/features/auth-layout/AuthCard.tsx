import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Logo, media, theme, usePageTitle } from '@ministry/shared/ui';

const Wrap = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 32px 16px;
`;

const Panel = styled.section<{ $wide: boolean }>`
  width: 100%;
  max-width: ${(p) => (p.$wide ? '720px' : '440px')};
  background: #fff;
  border-radius: 16px;
  box-shadow: ${theme.shadow};
  padding: 36px 36px 28px;
  h1 {
    font-size: 1.6rem;
    color: ${theme.colors.primary};
    margin: 20px 0 6px;
  }
  ${media.mobile} {
    padding: 24px 18px;
  }
`;

/** The card every account form sits in, with the logo and a way home. */
export function AuthCard({
  title,
  pageTitle = title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  /** The browser tab's title, when it should differ from the heading. */
  pageTitle?: string;
  intro?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  usePageTitle(pageTitle);
  return (
    <Wrap>
      <Panel $wide={wide} aria-labelledby="auth-title">
        <Link to="/">
          <Logo />
          <span className="visually-hidden"> home page</span>
        </Link>
        <h1 id="auth-title">{title}</h1>
        {intro && <p style={{ marginTop: 0, color: theme.colors.muted }}>{intro}</p>}
        {children}
      </Panel>
    </Wrap>
  );
}
