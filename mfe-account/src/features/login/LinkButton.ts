import styled from 'styled-components';
import { theme } from '@ministry/shared/ui';

/** A button that reads as a link under the login forms ("Forgot password?", "Use my password instead"). */
export const LinkButton = styled.button`
  display: block;
  margin: 14px auto 0;
  background: none;
  border: none;
  color: ${theme.colors.primary};
  font: inherit;
  font-weight: 500;
  text-decoration: underline;
  cursor: pointer;
  min-height: 44px;
`;
