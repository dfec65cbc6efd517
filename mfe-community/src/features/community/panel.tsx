import type { ReactNode } from 'react';
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
  ${media.mobile} {
    padding: 16px;
  }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 24px;
  align-items: start;
  margin-bottom: 40px;
  @media (max-width: 960px) {
    grid-template-columns: 1fr;
  }
`;

const Aside = styled.aside`
  background: ${theme.colors.surface};
  border-radius: ${theme.radius};
  padding: 20px 22px;
  font-size: 0.92rem;
  color: ${theme.colors.text};
  h3 {
    font-size: 1rem;
    margin: 0 0 10px;
    color: ${theme.colors.primary};
  }
  ul {
    margin: 0;
    padding-left: 18px;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
`;

/** The post box beside a few words on posting (stacked on small screens). */
export function ComposerRow({
  children,
  tips,
  tipsTitle = 'Before you post',
}: {
  children: ReactNode;
  tips: ReactNode[];
  tipsTitle?: string;
}) {
  return (
    <Row>
      <Composer>{children}</Composer>
      <Aside aria-label={tipsTitle}>
        <h3>{tipsTitle}</h3>
        <ul>
          {tips.map((tip, i) => (
            <li key={i}>{tip}</li>
          ))}
        </ul>
      </Aside>
    </Row>
  );
}

/** Said under every post box: new posts are published after a review. */
export const REVIEW_TIP =
  'New posts appear for everyone once our team has published them. Until then only you see yours, marked “Awaiting review”.';

export const PanelTitle = styled.h2`
  font-size: 1.45rem;
  color: ${theme.colors.primary};
  margin: 0 0 18px;
  /* Below the sticky header when a new page of its list brings it into view. */
  scroll-margin-top: 96px;
`;
