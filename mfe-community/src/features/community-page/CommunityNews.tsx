import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatNewsDate } from '@ministry/shared/format';
import {
  ButtonLink,
  Card,
  CardBody,
  CardDescription,
  CardImage,
  CardTitle,
  Container,
  media,
  Muted,
  ResourceView,
  Section,
  SectionTitle,
  theme,
} from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { getRecentNews } from './api';

const Head = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 16px;
  flex-wrap: wrap;
  margin-bottom: 24px;
  h2 {
    margin: 0;
  }
`;

const Three = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Title = styled(CardTitle)`
  font-size: 1.05rem;
`;

const newsPath = (id: string) => `/news?item=${encodeURIComponent(id)}`;
const loadThree = () => getRecentNews().then((list) => list.slice(0, 3));

/** The community page's news section: the three latest items, linking to /news. */
export function CommunityNews() {
  const news = useResource(loadThree, 'news:latest-3');
  return (
    <Section aria-labelledby="community-news" style={{ background: theme.colors.surface }}>
      <Container>
        <Head>
          <SectionTitle id="community-news">News from the church</SectionTitle>
          <ButtonLink to="/news" $variant="outline">
            All news
          </ButtonLink>
        </Head>
        <ResourceView resource={news} what="the news" empty="No news yet." loadingRows={1}>
          {(list) => (
            <Three>
              {list.map((item) => (
                <li key={item._id}>
                  <Card style={{ height: '100%' }}>
                    <CardImage
                      src={item.photo}
                      sizes="(max-width: 768px) calc(100vw - 32px), 384px"
                      alt=""
                      loading="lazy"
                      width={640}
                      height={360}
                    />
                    <CardBody>
                      <Muted>
                        <time dateTime={item.createdAt}>{formatNewsDate(item.createdAt)}</time>
                      </Muted>
                      <Title>
                        <Link to={newsPath(item._id)}>{item.title}</Link>
                      </Title>
                      <CardDescription>{item.description}</CardDescription>
                    </CardBody>
                  </Card>
                </li>
              ))}
            </Three>
          )}
        </ResourceView>
      </Container>
    </Section>
  );
}
