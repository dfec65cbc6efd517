import styled from 'styled-components';
import { media, theme } from './theme';

export const Container = styled.div`
  width: 100%;
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 0 24px;
  ${media.mobile} {
    padding: 0 16px;
  }
`;

/**
 * Off-screen parts are laid out and painted only when they come near the
 * screen (content-visibility), so a long page costs little to show at first;
 * the browser keeps their size once it knows it. Only for boxes that paint
 * their own background: what is inside a skipped box is checked for contrast
 * against the box's own colours. Only the height is estimated: the width
 * comes from the layout, as an estimated width would push narrow screens
 * sideways. Not for boxes above what a visitor taps (cards in a list): a
 * box takes its real height only as it comes near, and what is below it
 * moves under the finger right after a scroll.
 */
export const offscreenSkipped = (estimatedHeight: string) => `
  content-visibility: auto;
  contain-intrinsic-block-size: auto ${estimatedHeight};
`;

export const Section = styled.section`
  padding: 56px 0;
  ${media.mobile} {
    padding: 36px 0;
  }
`;

export const SectionTitle = styled.h2`
  font-size: 1.9rem;
  font-weight: 700;
  color: ${theme.colors.primary};
  margin-bottom: 24px;
  ${media.mobile} {
    font-size: 1.5rem;
  }
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(auto-fill, minmax(${(p) => p.$min ?? '280px'}, 1fr));
`;

export const Muted = styled.p`
  color: ${theme.colors.muted};
  margin: 0;
  font-size: 0.92rem;
`;

/** A coloured banner at the top of a page, with its heading. */
export const PageBanner = styled.header`
  background: linear-gradient(135deg, ${theme.colors.primary} 0%, #2d4373 100%);
  color: #fff;
  padding: 64px 0 56px;
  h1 {
    font-size: 2.4rem;
    margin: 0 0 8px;
  }
  p {
    margin: 0;
    opacity: 0.92;
    max-width: 720px;
  }
  ${media.mobile} {
    padding: 40px 0 32px;
    h1 {
      font-size: 1.7rem;
    }
  }
`;
