import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@ministry/shared/ui';

const Page = styled.main`
  min-height: 100vh;
  background: linear-gradient(160deg, ${theme.colors.surface} 0%, #e9e4d8 100%);
`;

/** The account forms (login, signup, password reset): no site header or footer. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return <Page id="main">{children}</Page>;
}
