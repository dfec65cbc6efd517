import { Container, PageBanner, Section } from '@ministry/shared/ui';
import { LocationList } from '../locations/LocationList';

/** /community. */
export function CommunityPage() {
  return (
    <>
      <PageBanner>
        <Container>
          <h1>Community</h1>
          <p>Pray with us, share what God has done, and find a church near you.</p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <LocationList />
        </Container>
      </Section>
    </>
  );
}
