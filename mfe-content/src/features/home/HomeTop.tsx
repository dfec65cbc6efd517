import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { ButtonLink, Container, media, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { getDevotionals } from '../devotionals/api';
import { getYearTheme } from './api';
import { devotionalPath } from '../devotionals/devotionalLinks';
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

/**
 * "Today's devotional" opens the newest published devotional (today's: one is
 * published each day), loaded under the same name as the home page's
 * devotional section, so once for both; the list until it is known.
 */
function TodaysDevotional() {
  const devotionals = useResource(getDevotionals, 'devotionals');
  const today = devotionals.data?.[0];
  return (
    <ButtonLink to={today ? devotionalPath(today) : '/daily-devotion'} $variant="light">
      Today&apos;s devotional
    </ButtonLink>
  );
}

/**
 * The hero: the theme the staff gave this year ("2026: The Year of the
 * Luminaries", with its verse), or the ministry's name and tagline while the
 * year has none.
 */
function Headline() {
  const theme = useResource(getYearTheme, 'year-theme');
  if (theme.loading && theme.data === undefined) {
    return <h1 id="home-hero">{siteIdentity.ministryName}</h1>;
  }
  const current = theme.data;
  return current ? (
    <>
      <h1 id="home-hero">
        {current.year}: {current.title}
      </h1>
      {current.verse && <p>{current.verse}</p>}
    </>
  ) : (
    <>
      <h1 id="home-hero">{siteIdentity.ministryName}</h1>
      <p>{siteIdentity.tagline}</p>
    </>
  );
}

/** The hero headline, the mission strip and the external links bar. */
export function HomeTop() {
  return (
    <>
      <Hero aria-labelledby="home-hero">
        <Container>
          <Headline />
          <TodaysDevotional />
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
