import styled from 'styled-components';
import { media, theme } from '@ministry/shared/ui';

/** A sentence at the top of a tab. */
export const PanelIntro = styled.p`
  color: ${theme.colors.muted};
  max-width: 760px;
  margin: 0 0 24px;
`;

/** The card a post box sits in. */
export const Composer = styled.div`
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 20px 22px 18px;
  margin-bottom: 36px;
  max-width: 820px;
  ${media.mobile} { padding: 16px; }
`;

export const PanelTitle = styled.h2`
  font-size: 1.45rem;
  color: ${theme.colors.primary};
  margin: 0 0 18px;
`;
