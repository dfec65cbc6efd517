import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { ButtonLink, Container, media, theme } from '@ministry/shared/ui';
import { ExternalLinksBar } from './ExternalLinksBar';

const Hero = styled.section`
  background: radial-gradient(circle at 70% 20%, #2d4373 0%, ${theme.colors.primary} 60%);
  color: #fff;
  padding: 96px 0 88px;
  h1 {
    font-size: 3rem;
    margin-bottom: 16px;
    max-width: 760px;
  }
  p {
    font-size: 1.15rem;
    opacity: 0.92;
    max-width: 640px;
    margin: 0 0 28px;
  }
  ${media.mobile} {
    padding: 56px 0;
    h1 {
      font-size: 2rem;
    }
  }
`;

const Mission = styled.section`
  background: ${theme.colors.accent};
  color: ${theme.colors.primary};
  padding: 28px 0;
  p {
    margin: 0;
    font-size: 1.05rem;
    font-weight: 500;
  }
`;

/** The hero headline, the mission strip and the external links bar. */
export function HomeTop() {
  return (
    <>
      <Hero aria-labelledby="home-hero">
        <Container>
          <h1 id="home-hero">{siteIdentity.hero.headline}</h1>
          <p>{siteIdentity.hero.subline}</p>
          <ButtonLink to="/daily-devotion" $variant="light">
            Today&apos;s devotional
          </ButtonLink>
        </Container>
      </Hero>
      <Mission aria-label="Our mission">
        <Container>
          <p>
            <strong>Our mission: </strong>
            {siteIdentity.mission}
          </p>
        </Container>
      </Mission>
      <ExternalLinksBar />
    </>
  );
}
