import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { aboutContent, type AboutTabKey } from '@ministry/shared/texts';
import { Container, media, Section, TabPanel, Tabs, theme, usePageTitle, type TabItem } from '@ministry/shared/ui';

const TABS: TabItem<AboutTabKey>[] = [
  { key: 'apostle', label: aboutContent.apostle.tab },
  { key: 'spouse', label: aboutContent.spouse.tab },
  { key: 'ministries', label: aboutContent.ministries.tab },
];

const isTab = (value: string | null): value is AboutTabKey => TABS.some((t) => t.key === value);

/** Desktop: a cover banner with the photo of the ministry; mobile: a compact heading band. */
const Cover = styled.header`
  position: relative;
  color: #fff;
  background:
    linear-gradient(90deg, rgba(20, 33, 61, 0.94) 0%, rgba(20, 33, 61, 0.7) 55%, rgba(20, 33, 61, 0.25) 100%),
    url('/media/cover.svg') center / cover no-repeat,
    ${theme.colors.primary};
  padding: 96px 0 88px;
  h1 {
    font-size: 2.8rem;
    margin: 0 0 12px;
  }
  p {
    margin: 0;
    max-width: 640px;
    font-size: 1.1rem;
    opacity: 0.95;
  }
  ${media.mobile} {
    background: linear-gradient(135deg, ${theme.colors.primary} 0%, #2d4373 100%);
    padding: 36px 0 28px;
    h1 {
      font-size: 1.8rem;
    }
    p {
      font-size: 1rem;
    }
  }
`;

const Figures = styled.ul`
  list-style: none;
  margin: -40px 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 16px;
  position: relative;
  li {
    background: #fff;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radius};
    box-shadow: ${theme.shadow};
    padding: 18px 20px;
    text-align: center;
  }
  strong {
    display: block;
    font-size: 1.9rem;
    color: ${theme.colors.primary};
    line-height: 1.2;
  }
  span {
    color: ${theme.colors.muted};
    font-size: 0.92rem;
  }
  ${media.mobile} {
    margin-top: 20px;
    gap: 8px;
    li {
      padding: 12px 6px;
    }
    strong {
      font-size: 1.25rem;
    }
    span {
      font-size: 0.78rem;
      display: block;
      line-height: 1.3;
    }
  }
`;

const Person = styled.div`
  display: grid;
  grid-template-columns: 300px minmax(0, 1fr);
  gap: 48px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 20px;
  }
`;

const Portrait = styled.img`
  position: sticky;
  top: 24px;
  width: 100%;
  height: auto;
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  background: ${theme.colors.surface};
  ${media.mobile} {
    position: static;
    width: 120px;
    border-radius: 50%;
  }
`;

/** On a phone the three tabs sit side by side as equal columns. */
const TabsArea = styled.div`
  ${media.mobile} {
    [role='tablist'] {
      display: grid;
      grid-template-columns: repeat(3, minmax(0, 1fr));
      gap: 0;
    }
    [role='tab'] {
      padding: 10px 4px;
      font-size: 0.88rem;
      line-height: 1.3;
      text-align: center;
    }
  }
`;

const Prose = styled.div`
  font-size: 1.02rem;
  line-height: 1.75;
  h2 {
    font-size: 1.9rem;
    color: ${theme.colors.primary};
    margin: 0 0 4px;
  }
  h3 {
    font-size: 1.3rem;
    color: ${theme.colors.primary};
    margin: 32px 0 10px;
  }
  p {
    margin: 0 0 1em;
  }
  ${media.mobile} {
    h2 {
      font-size: 1.5rem;
    }
  }
`;

const Role = styled.p`
  color: ${theme.colors.accentText};
  font-weight: 600;
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 8px 18px;
    border-radius: 999px;
    border: 2px solid ${theme.colors.primary};
    color: ${theme.colors.primary};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    background: ${theme.colors.surface};
  }
`;

const Numbered = styled.ol`
  counter-reset: item;
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  li {
    counter-increment: item;
    display: grid;
    grid-template-columns: 40px 1fr;
    gap: 12px;
    align-items: start;
  }
  li::before {
    content: counter(item);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 34px;
    height: 34px;
    border-radius: 50%;
    background: ${theme.colors.primary};
    color: #fff;
    font-weight: 700;
    font-size: 0.9rem;
  }
`;

const Bullets = styled.ul`
  margin: 0;
  padding-left: 1.2em;
  li {
    margin-bottom: 8px;
  }
  li::marker {
    color: ${theme.colors.accent};
  }
`;

const Vision = styled.blockquote`
  margin: 0 0 8px;
  padding: 24px 28px;
  background: ${theme.colors.primary};
  color: #fff;
  border-radius: ${theme.radius};
  font-size: 1.25rem;
  font-weight: 500;
  line-height: 1.6;
  ${media.mobile} {
    font-size: 1.08rem;
    padding: 18px 20px;
  }
`;

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

function ApostleTab() {
  const a = aboutContent.apostle;
  return (
    <Person>
      <Portrait src={a.photo} alt={`Portrait of ${a.name}`} width={400} height={400} />
      <Prose>
        <h2>{a.name}</h2>
        <Role>{a.role}</Role>
        <h3>Biography</h3>
        {a.biography.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <h3>History and ministry</h3>
        {a.history.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <Links>
          <a href={siteIdentity.links.books} {...external} aria-label={`${a.booksLabel} (opens in a new tab)`}>
            {a.booksLabel}
          </a>
          <a href={siteIdentity.links.songs} {...external} aria-label={`${a.songsLabel} (opens in a new tab)`}>
            {a.songsLabel}
          </a>
        </Links>
        <h3>What we believe</h3>
        <Numbered aria-label="Our twelve beliefs">
          {a.beliefs.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </Numbered>
      </Prose>
    </Person>
  );
}

function SpouseTab() {
  const s = aboutContent.spouse;
  return (
    <Person>
      <Portrait src={s.photo} alt={`Portrait of ${s.name}`} width={400} height={400} />
      <Prose>
        <h2>{s.name}</h2>
        <Role>{s.role}</Role>
        <h3>Biography</h3>
        {s.biography.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <h3>Goals</h3>
        <Bullets>
          {s.goals.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </Bullets>
      </Prose>
    </Person>
  );
}

function MinistriesTab() {
  const m = aboutContent.ministries;
  return (
    <Prose>
      <h2>{m.name}</h2>
      <h3>Our vision</h3>
      <Vision>{m.vision}</Vision>
      <h3>Our mission</h3>
      <Numbered aria-label="Our mission in six points">
        {m.mission.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </Numbered>
      <p style={{ marginTop: 24 }}>{m.closing}</p>
    </Prose>
  );
}

/** /about: the apostle (default), the spouse and the ministries, as three tabs any of which can be chosen. */
export function AboutPage() {
  usePageTitle('About us');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: AboutTabKey = isTab(requested) ? requested : 'apostle';
  const choose = (key: AboutTabKey) => setParams(key === 'apostle' ? {} : { tab: key }, { replace: true });

  return (
    <>
      <Cover>
        <Container>
          <h1>About us</h1>
          <p>{aboutContent.intro}</p>
        </Container>
      </Cover>
      <Container>
        <Figures aria-label="The ministry in figures">
          {aboutContent.figures.map((f) => (
            <li key={f.label}>
              <strong>{f.value}</strong>
              <span>{f.label}</span>
            </li>
          ))}
        </Figures>
      </Container>
      <Section>
        <Container>
          <TabsArea>
            <Tabs items={TABS} active={active} onChange={choose} label="About" idPrefix="about" />
          </TabsArea>
          <TabPanel idPrefix="about" active={active}>
            {active === 'apostle' && <ApostleTab />}
            {active === 'spouse' && <SpouseTab />}
            {active === 'ministries' && <MinistriesTab />}
          </TabPanel>
        </Container>
      </Section>
    </>
  );
}
