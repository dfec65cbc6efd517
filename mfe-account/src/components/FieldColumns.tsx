import styled from 'styled-components';
import { media } from '@ministry/shared/ui';

/** Fields two by two, one above the other on a phone; `$gap` is the space between the columns (px). */
export const FieldColumns = styled.div<{ $gap?: number }>`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0 ${(p) => p.$gap ?? 16}px;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;
