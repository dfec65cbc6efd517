import styled from 'styled-components';
import { theme } from '@ministry/shared/ui';

/** A list of the member's things (devices, passkeys): each a line with its name and details, its action at the end. */
export const ItemList = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: 8px 16px;
    padding: 12px 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
  small {
    color: ${theme.colors.muted};
  }
`;
