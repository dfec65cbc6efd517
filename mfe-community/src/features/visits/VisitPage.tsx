import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { planAVisit } from '@ministry/shared/texts';
import { Container, PageBanner, ResourceView, Section, theme, usePageTitle } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { getVisitServices } from './api';
import { VisitForm } from './VisitForm';

const Layout = styled.div`
  display: grid;
  gap: 32px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 960px) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    gap: 48px;
  }
`;

const Panel = styled.div`
  background: #fff;
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 28px;
  @media (max-width: 600px) {
    padding: 20px 16px;
  }
`;

const Expect = styled.aside`
  h2 {
    color: ${theme.colors.primary};
    font-size: 1.2rem;
    margin: 0 0 12px;
  }
  dl {
    margin: 0;
  }
  dt {
    font-weight: 700;
    margin-top: 16px;
  }
  dd {
    margin: 4px 0 0;
    color: ${theme.colors.text};
  }
`;

/**
 * /visit[?location=<id>]: a first-time guest tells a church they are
 * coming (the church preselected when a location's card links here), with
 * what to expect beside the form.
 */
export function VisitPage() {
  usePageTitle('Plan a visit');
  const [params] = useSearchParams();
  const locations = useResource(getVisitServices, 'visit-services');
  return (
    <>
      <PageBanner>
        <Container>
          <h1>Plan a visit</h1>
          <p>{planAVisit.intro} Tell us when you are coming and we will be ready to welcome you.</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <Layout>
            <Panel>
              <ResourceView resource={locations} what="our services" empty="No church locations are listed yet." loadingRows={3}>
                {(list) => <VisitForm locations={list} preselected={params.get('location') ?? undefined} />}
              </ResourceView>
            </Panel>
            <Expect aria-labelledby="visit-expect">
              <h2 id="visit-expect">Your first visit</h2>
              <dl>
                {planAVisit.topics
                  .filter((t) => t.heading !== 'Getting there')
                  .map((topic) => (
                    <div key={topic.heading}>
                      <dt>{topic.heading}</dt>
                      <dd>
                        {topic.heading === 'Questions?'
                          ? 'Ask in the form: someone from the church will answer you by e-mail.'
                          : topic.text}
                      </dd>
                    </div>
                  ))}
              </dl>
            </Expect>
          </Layout>
        </Container>
      </Section>
    </>
  );
}
