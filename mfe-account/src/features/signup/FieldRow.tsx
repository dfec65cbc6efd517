import styled from 'styled-components';
import { media } from '@ministry/shared/ui';

/** Two fields of a signup step side by side, one above the other on a phone. */
export const FieldRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0 16px;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;
