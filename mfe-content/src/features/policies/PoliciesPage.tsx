import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';
import { privacyPolicy, type PolicySection } from '@ministry/shared/texts';
import { Container, Logo, media, Section, theme, usePageTitle } from '@ministry/shared/ui';

/** Wide on larger screens, shorter on small ones. */
const Cover = styled.header`
  background:
    linear-gradient(180deg, rgba(20, 33, 61, 0.55) 0%, rgba(20, 33, 61, 0.9) 100%),
    url('/media/cover.svg') center / cover no-repeat,
    ${theme.colors.primary};
  color: #fff;
  min-height: 340px;
  display: flex;
  align-items: flex-end;
  padding: 48px 0;
  ${media.mobile} {
    min-height: 180px;
    padding: 28px 0;
  }
`;

const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: 20px;
  h1 {
    font-size: 2.6rem;
    margin: 0;
  }
  p {
    margin: 4px 0 0;
    opacity: 0.9;
  }
  ${media.mobile} {
    gap: 14px;
    h1 {
      font-size: 1.7rem;
    }
    svg {
      width: 48px;
      height: 48px;
    }
  }
`;

const Body = styled.div`
  max-width: 860px;
  margin: 0 auto;
  font-size: 1rem;
  line-height: 1.8;
  h2 {
    font-size: 1.35rem;
    color: ${theme.colors.primary};
    margin: 40px 0 10px;
    display: flex;
    gap: 12px;
    align-items: baseline;
  }
  h2 span {
    color: ${theme.colors.accentText};
    min-width: 1.6em;
  }
  p {
    margin: 0 0 1em;
  }
  ul {
    margin: 0 0 1em;
    padding-left: 1.4em;
  }
  li {
    margin-bottom: 6px;
  }
  ${media.mobile} {
    h2 {
      font-size: 1.15rem;
      margin-top: 32px;
      gap: 6px;
    }
  }
`;

const Updated = styled.p`
  color: ${theme.colors.muted};
  font-size: 0.92rem;
`;

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** A list item, with any e-mail address in it as a mailto link. */
function Linkified({ text }: { text: string }) {
  const match = EMAIL.exec(text);
  if (!match) return <>{text}</>;
  return (
    <>
      {text.slice(0, match.index)}
      <a href={`mailto:${match[0]}`}>{match[0]}</a>
      {text.slice(match.index + match[0].length)}
    </>
  );
}

function SectionBody({ section }: { section: PolicySection }) {
  return (
    <>
      {section.body.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {section.list && (
        <ul>
          {section.list.map((item) => (
            <li key={item}>
              <Linkified text={item} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A section's anchor: its title in lower case, words joined by hyphens ("Our Cookie Policy" → our-cookie-policy). */
export const policyAnchor = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Scrolls to the section named in the address (#our-cookie-policy) when the page is reached inside the app. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
  }, [hash]);
}

/** /policies: the privacy policy and terms (Terms, Privacy Policy, Cookie Policy and Personal Info all link here). */
export function PoliciesPage() {
  usePageTitle(privacyPolicy.title);
  useScrollToHash();
  return (
    <>
      <Cover>
        <Container>
          <Heading>
            <Logo size={64} light withName={false} />
            <div>
              <h1>{privacyPolicy.title}</h1>
              <p>{siteIdentity.ministryName}</p>
            </div>
          </Heading>
        </Container>
      </Cover>
      <Section>
        <Container>
          <Body>
            <Updated>Last updated {privacyPolicy.updated}</Updated>
            <section aria-labelledby="policy-introduction">
              <h2 id="policy-introduction">{privacyPolicy.introduction.title}</h2>
              <SectionBody section={privacyPolicy.introduction} />
            </section>
            <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Policy sections">
              {privacyPolicy.sections.map((section, i) => (
                <li key={section.title}>
                  <h2 id={policyAnchor(section.title)} style={{ scrollMarginTop: 88 }}>
                    <span>{i + 1}.</span> {section.title}
                  </h2>
                  <SectionBody section={section} />
                </li>
              ))}
            </ol>
          </Body>
        </Container>
      </Section>
    </>
  );
}
