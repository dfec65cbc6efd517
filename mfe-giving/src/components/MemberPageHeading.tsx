import styled from 'styled-components';
import { media, theme } from '@ministry/shared/ui';

/** The title of a member's own page (My tickets, My giving). */
export const MemberPageTitle = styled.h1`
  font-size: 2rem;
  color: ${theme.colors.primary};
  margin: 0 0 6px;
  ${media.mobile} {
    font-size: 1.6rem;
  }
`;

/** The line under it that says what the page holds. */
export const MemberPageIntro = styled.p`
  color: ${theme.colors.muted};
  margin: 0 0 24px;
`;
