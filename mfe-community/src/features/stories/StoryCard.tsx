import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from '@ministry/shared/store';
import type { Comment, Story } from '@ministry/shared/types';
import { Button, Card, CardBody, theme } from '@ministry/shared/ui';
import { PostForm } from '../community/PostForm';
import { PostMeta, PostText } from '../community/PostMeta';
import { ReportButton } from '../community/ReportButton';
import { communityItemHref } from '../community/paging';
import { useStoryLike, type LikeChange } from './useStoryLike';
import { addComment } from './api';
import { countOf } from '@ministry/shared/format';

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  padding-top: 10px;
  margin-top: 4px;
  border-top: 1px solid ${theme.colors.border};
`;

const Count = styled.span`
  color: ${theme.colors.muted};
  font-size: 0.92rem;
  margin-right: auto;
`;

const SmallButton = styled(Button)`
  min-height: 40px;
  padding: 6px 16px;
  font-size: 0.9rem;
  &[aria-pressed='true'] {
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
`;

const Comments = styled.ul`
  list-style: none;
  margin: 4px 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
  li {
    background: ${theme.colors.surface};
    border-radius: 8px;
    padding: 10px 14px;
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
`;

const CommentsTitle = styled.h4`
  margin: 8px 0 0;
  font-size: 0.95rem;
  color: ${theme.colors.muted};
  font-weight: 600;
`;

const CommentBox = styled.div`
  margin-top: 6px;
`;

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.1c2.1-.2 3.7.9 4.6 2.3h.8c.9-1.4 2.5-2.5 4.6-2.3 3.7.4 5.6 4.3 4 7.6C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

const AnsweredBadge = styled(Link)`
  align-self: flex-start;
  display: inline-block;
  margin: 8px 0;
  padding: 2px 12px;
  border-radius: 999px;
  background: #eef7f0;
  border: 1px solid #b9dcc4;
  color: ${theme.colors.success};
  font-size: 0.8rem;
  font-weight: 700;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

export const likesLabel = (n: number): string => countOf(n, 'like', 'likes');

/**
 * A story with author, relative time and like count. Signed-in members also
 * get the like control and a button that opens and closes the comment box
 * (spec: both only for them); a story still awaiting review has neither.
 */
export function StoryCard({
  story,
  onLike,
  onCommented,
  onReported,
}: {
  story: Story;
  onLike: LikeChange;
  onCommented: (storyId: string, comment: Comment) => void;
  /** A story (or, with `commentId`, one of its comments) went back to the moderators. */
  onReported?: (storyId: string, commentId?: string) => void;
}) {
  const { user, isAuth } = useAuth();
  const [boxOpen, setBoxOpen] = useState(false);
  const like = useStoryLike(story, onLike);
  const boxId = useId();
  const titleId = useId();
  const interactive = isAuth && user && story.status === 'published';

  return (
    <Card id={`story-${story._id}`} aria-labelledby={titleId}>
      <CardBody>
        <h3 id={titleId} className="visually-hidden">
          Story by {story.user.firstname} {story.user.lastname}
        </h3>
        <PostMeta user={story.user} date={story.createdAt} status={story.status} />
        {story.answeredPrayer && (
          <AnsweredBadge to={communityItemHref('prayer', story.answeredPrayer)}>Answered prayer</AnsweredBadge>
        )}
        <PostText>{story.content}</PostText>
        <Bar>
          <Count aria-live="polite">{likesLabel(story.nbLikes)}</Count>
          {interactive && (
            <>
              <SmallButton
                type="button"
                $variant="outline"
                aria-pressed={story.userLikesThis}
                disabled={like.busy}
                onClick={like.toggle}
              >
                <Heart filled={story.userLikesThis} /> {story.userLikesThis ? 'Liked' : 'Like'}
              </SmallButton>
              <SmallButton
                type="button"
                $variant="outline"
                aria-expanded={boxOpen}
                aria-controls={boxOpen ? boxId : undefined}
                onClick={() => setBoxOpen((o) => !o)}
              >
                Comment
              </SmallButton>
              {onReported && story.user._id !== user._id && (
                <span style={{ marginLeft: 'auto' }}>
                  <ReportButton kind="stories" id={story._id} onReported={() => onReported(story._id)} />
                </span>
              )}
            </>
          )}
        </Bar>
        {story.comments.length > 0 && (
          <>
            <CommentsTitle>{countOf(story.comments.length, 'comment', 'comments')}</CommentsTitle>
            <Comments>
              {story.comments.map((comment) => (
                <li key={comment._id}>
                  <PostMeta user={comment.user} date={comment.date} status={comment.status} small />
                  <PostText>{comment.text}</PostText>
                  {interactive && onReported && comment.status === 'published' && comment.user._id !== user._id && (
                    <ReportButton kind="comments" id={comment._id} onReported={() => onReported(story._id, comment._id)} />
                  )}
                </li>
              ))}
            </Comments>
          </>
        )}
        {interactive && boxOpen && (
          <CommentBox id={boxId}>
            <PostForm
              field="text"
              label="Your comment"
              placeholder="Encourage the author…"
              submitLabel="Post comment"
              rows={3}
              rules={(all) => all.commentSchema}
              extra={{ story: story._id }}
              autoFocus
              onPost={(text) => addComment({ text, story: story._id, user: user._id })}
              onPosted={(comment) => onCommented(story._id, comment)}
              onCancel={() => setBoxOpen(false)}
            />
          </CommentBox>
        )}
      </CardBody>
    </Card>
  );
}
