/**
 * The parts of a card in a grid (news, devotionals, events, stories): the
 * box, its photo across the top, its body, title and description. Every
 * remote builds its cards from these, so cards look alike wherever they are.
 */
import styled from 'styled-components';
import { ResponsiveImage } from './ResponsiveImage';
import { theme } from './theme';

/*
 * Cards are rendered whole, never skipped while off-screen (content-visibility):
 * a skipped card takes its real height only as it comes near the screen, and
 * a list of them grew under the visitor's finger right after a scroll (a tap
 * on "View All" below nine cards landed beside it).
 */
export const Card = styled.article`
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  overflow: hidden;
  display: flex;
  flex-direction: column;
`;

/** The photo across a card's top, 16:9, on the surface colour until it loads. */
export const CardImage = styled(ResponsiveImage)`
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  background: ${theme.colors.surface};
`;

export const CardBody = styled.div`
  padding: 18px 20px 22px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  flex: 1;
`;

/** A card's title; the link in it (to the card's page) reads as the title, underlined on hover. */
export const CardTitle = styled.h3`
  font-size: 1.1rem;
  margin: 0;
  a {
    color: ${theme.colors.primary};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

/** A card's description, cut to three lines. */
export const CardDescription = styled.p`
  margin: 0;
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;
