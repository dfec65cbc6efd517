import styled from 'styled-components';
import { theme } from '@ministry/shared/ui';

/**
 * The card of a page opened from a mail's link (stop prayer or group mails,
 * confirm a visit): one heading, a few lines and one action.
 */
export const LinkPageBox = styled.div`
  max-width: 600px;
  margin: 0 auto;
  padding: 32px;
  background: #fff;
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  h1 {
    color: ${theme.colors.primary};
    font-size: 1.6rem;
    margin: 0 0 12px;
  }
  p {
    margin: 0 0 16px;
  }
  a {
    color: ${theme.colors.primary};
    font-weight: 600;
  }
  @media (max-width: 600px) {
    padding: 24px 16px;
  }
`;
