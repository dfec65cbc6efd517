import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Story } from '@ministry/shared/types';
import { Card, CardBody, media, ResourceView, theme } from '@ministry/shared/ui';
import type { Resource } from '@ministry/shared/app';
import { PanelTitle } from '../community/panel';
import { PostMeta, PostText } from '../community/PostMeta';
import { communityItemHref } from '../community/paging';
import { likesLabel } from './StoryCard';

/**
 * Spec section 9: the best-stories area is a 3-column grid. On phones it is
 * one row that scrolls sideways, so the stories below stay within reach.
 */
const ThreeColumns = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  ${media.mobile} {
    grid-template-columns: none;
    grid-auto-flow: column;
    grid-auto-columns: 85%;
    gap: 14px;
    overflow-x: auto;
    /* Contains the visually hidden link text too, or it would widen the page. */
    position: relative;
    scroll-snap-type: x mandatory;
    padding-bottom: 10px;
    li {
      scroll-snap-align: start;
    }
  }
`;

const Excerpt = styled(PostText)`
  display: -webkit-box;
  -webkit-line-clamp: 6;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Footer = styled.p`
  margin: auto 0 0;
  padding-top: 8px;
  display: flex;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  font-size: 0.9rem;
  color: ${theme.colors.muted};
  a {
    color: ${theme.colors.primary};
    font-weight: 600;
  }
`;

const Rank = styled.span`
  font-weight: 700;
  color: ${theme.colors.accentText};
`;

/** The most liked stories (GET /api/story/top), linking to each one in the list below. */
export function BestStories({ resource }: { resource: Resource<Story[]> }) {
  return (
    <section aria-labelledby="best-stories">
      <PanelTitle id="best-stories">Best stories</PanelTitle>
      <ResourceView
        resource={resource}
        what="the best stories"
        empty="No story has been liked yet. Read the stories below and like the ones that touch you."
        loadingRows={1}
      >
        {(list) => (
          <ThreeColumns>
            {list.map((story, i) => (
              <li key={story._id}>
                <Card style={{ height: '100%' }}>
                  <CardBody>
                    <PostMeta user={story.user} date={story.createdAt} small />
                    <Excerpt>{story.content}</Excerpt>
                    <Footer>
                      <span>
                        <Rank>#{i + 1}</Rank> · {likesLabel(story.nbLikes)}
                      </span>
                      <Link to={communityItemHref('story', story._id)}>
                        Read the story
                        <span className="visually-hidden">
                          {' '}
                          by {story.user.firstname} {story.user.lastname}
                        </span>
                      </Link>
                    </Footer>
                  </CardBody>
                </Card>
              </li>
            ))}
          </ThreeColumns>
        )}
      </ResourceView>
    </section>
  );
}
