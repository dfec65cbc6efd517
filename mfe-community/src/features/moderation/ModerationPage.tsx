import { useState } from 'react';
import styled from 'styled-components';
import { errorStatus, friendlyError, getPendingPosts, moderatePost, type PendingPost, type PendingPosts, type PostKind } from '@ministry/shared/api';
import { formatRelative } from '@ministry/shared/format';
import { useAuth } from '@ministry/shared/store';
import {
  Button,
  ButtonLink,
  Card,
  CardBody,
  Container,
  media,
  Muted,
  NotFound,
  notify,
  PageBanner,
  ResourceView,
  Section,
  theme,
  usePageTitle,
} from '@ministry/shared/ui';
import { PostText } from '../community/PostMeta';
import { useEditableResource } from '../community/useEditableResource';

const KINDS: { kind: PostKind; title: string; one: string }[] = [
  { kind: 'prayers', title: 'Prayer requests', one: 'prayer request' },
  { kind: 'stories', title: 'Stories', one: 'story' },
  { kind: 'comments', title: 'Comments', one: 'comment' },
];

const Group = styled.section`
  margin-bottom: 40px;
  h2 { font-size: 1.35rem; color: ${theme.colors.primary}; margin: 0 0 16px; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 16px;
  max-width: 900px;
`;

const Who = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  font-size: 0.92rem;
  strong { color: ${theme.colors.text}; }
  span { color: ${theme.colors.muted}; overflow-wrap: anywhere; }
`;

const OnStory = styled.blockquote`
  margin: 0;
  padding: 8px 12px;
  border-left: 3px solid ${theme.colors.border};
  color: ${theme.colors.muted};
  font-size: 0.9rem;
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  flex-wrap: wrap;
  padding-top: 6px;
  ${media.mobile} { button { flex: 1; } }
`;

const Count = styled.span`
  display: inline-block;
  min-width: 28px;
  margin-left: 8px;
  padding: 0 8px;
  border-radius: 999px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  font-size: 0.9rem;
  text-align: center;
  color: ${theme.colors.text};
`;

function PendingItem({ post, one, onDecided }: { post: PendingPost; one: string; onDecided: (post: PendingPost) => void }) {
  const [busy, setBusy] = useState<'publish' | 'reject' | null>(null);
  const decide = async (action: 'publish' | 'reject') => {
    setBusy(action);
    try {
      await moderatePost(post.kind, post._id, action);
      notify.success(action === 'publish' ? `The ${one} is published.` : `The ${one} is rejected.`);
      onDecided(post);
    } catch (error) {
      notify.error(friendlyError(error));
      setBusy(null);
    }
  };
  const author = `${post.user.firstname} ${post.user.lastname}`;
  return (
    <li>
      <Card aria-label={`${one} by ${author}`}>
        <CardBody>
          <Who>
            <strong>{author}</strong>
            <span>{post.user.email}</span>
            <span>
              <time dateTime={post.date}>{formatRelative(post.date)}</time>
            </span>
          </Who>
          {post.story && <OnStory aria-label="On the story">On the story: {post.story.content}</OnStory>}
          <PostText>{post.text}</PostText>
          <Actions>
            <Button type="button" disabled={busy !== null} onClick={() => decide('publish')}>
              {busy === 'publish' ? 'Publishing…' : 'Publish'}
            </Button>
            <Button type="button" $variant="outline" disabled={busy !== null} onClick={() => decide('reject')}>
              {busy === 'reject' ? 'Rejecting…' : 'Reject'}
            </Button>
          </Actions>
        </CardBody>
      </Card>
    </li>
  );
}

function ModerationQueue() {
  const pending = useEditableResource(getPendingPosts);
  if (pending.error && errorStatus(pending.error) === 404) return <NotFound />;
  const remove = (post: PendingPost) =>
    pending.update((all) => {
      const current = all ?? { prayers: [], stories: [], comments: [] };
      return { ...current, [post.kind]: current[post.kind].filter((p) => p._id !== post._id) };
    });
  const total = (all: PendingPosts) => all.prayers.length + all.stories.length + all.comments.length;

  return (
    <Section>
      <Container>
        <ResourceView
          resource={pending}
          what="the posts waiting for review"
          empty="Nothing is waiting for review. New prayers, stories and comments will appear here."
          isEmpty={(all) => total(all) === 0}
          loadingRows={2}
        >
          {(all) => (
            <>
              <Muted style={{ marginBottom: 28 }} role="status">
                {total(all)} {total(all) === 1 ? 'post is' : 'posts are'} waiting for review, oldest first.
              </Muted>
              {KINDS.map(({ kind, title, one }) => (
                <Group key={kind} aria-labelledby={`pending-${kind}`}>
                  <h2 id={`pending-${kind}`}>
                    {title}
                    <Count>{all[kind].length}</Count>
                  </h2>
                  {all[kind].length === 0 ? (
                    <Muted>None waiting.</Muted>
                  ) : (
                    <List>
                      {all[kind].map((post) => (
                        <PendingItem key={post._id} post={post} one={one} onDecided={remove} />
                      ))}
                    </List>
                  )}
                </Group>
              ))}
            </>
          )}
        </ResourceView>
      </Container>
    </Section>
  );
}

/** /community/moderation: admins publish or reject new posts; anyone else gets the not-found page. */
export function ModerationPage() {
  const { user, isAuth } = useAuth();
  const admin = isAuth && user?.role === 'admin';
  usePageTitle(admin ? 'Moderation' : 'Page not found');
  if (!admin) return <NotFound />;
  return (
    <>
      <PageBanner>
        <Container>
          <h1>Moderation</h1>
          <p>New prayers, stories and comments wait here until you publish or reject them.</p>
        </Container>
      </PageBanner>
      <ModerationQueue />
      <Container style={{ paddingBottom: 48 }}>
        <ButtonLink to="/community" $variant="outline">
          Back to the community
        </ButtonLink>
      </Container>
    </>
  );
}
