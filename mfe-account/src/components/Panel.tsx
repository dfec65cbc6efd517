import styled from 'styled-components';
import { media, theme } from '@ministry/shared/ui';

/** A white card holding one part of a page: a profile section, a staff tool. */
export const Panel = styled.section`
  background: #fff;
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 28px;
  ${media.mobile} {
    padding: 20px 16px;
  }
`;

/** A panel of the profile under a numbered heading: `<h2><span>04</span> Newsletter</h2>`. */
export const NumberedPanel = styled(Panel)`
  margin-bottom: 40px;
  h2 {
    margin: 0 0 18px;
    font-size: 1.25rem;
    color: ${theme.colors.primary};
  }
  h2 span {
    color: ${theme.colors.accentText};
    margin-right: 10px;
  }
`;
