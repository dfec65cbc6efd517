import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { countOf } from '@ministry/shared/format';
import { Card, CardBody, Container, Grid, Muted, ResourceView, Section, SectionTitle, theme } from '@ministry/shared/ui';
import { useResource, TimeAgo } from '@ministry/shared/app';
import { getStoriesPage } from './api';

const Quote = styled.p`
  margin: 0;
  display: -webkit-box;
  -webkit-line-clamp: 5;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Author = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${theme.colors.primary};
`;

/** How many stories the home page shows: one row. */
export const LATEST_STORIES = 3;

/**
 * Only the stories shown are read (and carried in the server-rendered page),
 * published ones only: a member sees their own awaiting review on /community.
 */
const loadLatest = () => getStoriesPage({ limit: LATEST_STORIES, publishedOnly: true }).then((page) => page.data);

/** The home page's latest stories from the community. */
export function LatestStories() {
  const stories = useResource(loadLatest, 'stories:latest');
  return (
    <Section aria-labelledby="latest-stories" style={{ background: theme.colors.surface }}>
      <Container>
        <SectionTitle id="latest-stories">Latest stories</SectionTitle>
        <ResourceView resource={stories} what="the latest stories" empty="No stories have been shared yet." loadingRows={1}>
          {(list) => (
            <Grid>
              {list.slice(0, LATEST_STORIES).map((story) => (
                <Card key={story._id}>
                  <CardBody>
                    <Quote>{story.content}</Quote>
                    <Author>
                      {story.user.firstname} {story.user.lastname}
                    </Author>
                    <Muted>
                      <TimeAgo date={story.createdAt} /> · {countOf(story.nbLikes, 'like', 'likes')}
                    </Muted>
                  </CardBody>
                </Card>
              ))}
            </Grid>
          )}
        </ResourceView>
        <p style={{ marginTop: 24 }}>
          <Link to="/community?tab=story">Read more stories and share yours</Link>
        </p>
      </Container>
    </Section>
  );
}
