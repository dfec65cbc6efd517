import styled from 'styled-components';
import { theme } from '@ministry/shared/ui';

/**
 * Around a StaffTable: on a phone its columns keep a readable width and the
 * table scrolls sideways in its own region, instead of squeezing every cell
 * into a column of broken words. Row headers and totals read as such.
 */
export const Readable = styled.div<{ $minWidth: number }>`
  table {
    min-width: ${(p) => p.$minWidth}px;
  }
  tbody th[scope='row'] {
    background: #fff;
    color: ${theme.colors.text};
  }
  tfoot th,
  tfoot td {
    background: ${theme.colors.surface};
    font-weight: 600;
    border-top: 1px solid ${theme.colors.border};
  }
  td.nowrap {
    white-space: nowrap;
  }
`;
