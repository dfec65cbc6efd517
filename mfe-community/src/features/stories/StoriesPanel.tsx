import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from '@ministry/shared/store';
import type { Comment, Prayer, Story } from '@ministry/shared/types';
import { PageLinks, ResourceView, theme } from '@ministry/shared/ui';
import { useResource } from '@ministry/shared/app';
import { ComposerRow, PanelIntro, PanelTitle, REVIEW_TIP } from '../community/panel';
import { PostForm } from '../community/PostForm';
import { SignInPrompt } from '../community/SignInPrompt';
import {
  communityPageHref,
  onItems,
  PageNote,
  PastTheLast,
  useScrollToItem,
  useScrollToListOnPageChange,
} from '../community/paging';
import { useEditableResource } from '../community/useEditableResource';
import { BestStories } from './BestStories';
import { StoryCard } from './StoryCard';
import { addStory, getPrayer, getStoriesPage, getTopStories } from './api';

/** Two columns of stories on wide screens, newest first along each row. */
const Feed = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 20px;
  align-items: start;
  @media (max-width: 960px) {
    grid-template-columns: 1fr;
  }
`;

const Gap = styled.div`
  height: 48px;
`;

const FromPrayer = styled.p`
  margin: 0 0 12px;
  padding: 10px 14px;
  border-radius: 8px;
  background: #eef7f0;
  border: 1px solid #b9dcc4;
  button {
    background: none;
    border: 0;
    padding: 0;
    font: inherit;
    font-weight: 600;
    color: ${theme.colors.primary};
    text-decoration: underline;
    cursor: pointer;
  }
`;

/**
 * The story box's first words when it tells of an answered prayer: the request, then the answer (the member's
 * note, when they wrote one), for the member to go on from.
 */
export const storyFromPrayer = (prayer: Prayer): string => {
  const note = prayer.answered?.note?.trim();
  const answer = note ? `God answered: ${note}` : 'God answered my prayer.';
  return `I asked the church to pray: "${prayer.text.trim()}"\n\n${answer}\n\n`;
};

const noPrayer = async (): Promise<Prayer | null> => null;

/** The member's own answered prayer named in the address (`?prayer=`), which the story will tell of. */
function useAnsweredPrayer(userId: string | null) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('prayer');
  // The prayer is read only when a story is to tell of one, wherever it is on the wall.
  const needed = !!wanted && !!userId;
  const load = useCallback(() => (needed && wanted ? getPrayer(wanted) : noPrayer()), [needed, wanted]);
  const read = useResource(load, needed ? `prayer:${userId}:${wanted}` : null);
  const found = read.data;
  const prayer = found && found._id === wanted && found.user?._id === userId && found.answered ? found : undefined;
  const forget = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('prayer');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { prayer, forget };
}

const withLike = (storyId: string, delta: number, liked: boolean) => (list: Story[]) =>
  list.map((s) => (s._id === storyId ? { ...s, nbLikes: Math.max(0, s.nbLikes + delta), userLikesThis: liked } : s));
const orEmpty =
  (change: (list: Story[]) => Story[]) =>
  (list: Story[] | undefined): Story[] =>
    change(list ?? []);

/**
 * Share Your Story: a box to share one, the best stories, and every story
 * with likes and comments, newest first, a page at a time (`page`: from the
 * address, `/community?tab=story&page=2`).
 */
export function StoriesPanel({ page = 1 }: { page?: number }) {
  const { user, isAuth } = useAuth();
  const viewer = user?._id ?? null;
  // Named per viewer: a member sees their likes and posts awaiting review.
  const load = useCallback(() => getStoriesPage({ page }), [page]);
  const stories = useEditableResource(load, `stories:${viewer ?? 'visitor'}:${page}`);
  const top = useEditableResource(getTopStories, `stories:top:${viewer ?? 'visitor'}`);

  const answered = useAnsweredPrayer(isAuth ? viewer : null);
  const heading = useScrollToListOnPageChange(page);
  useScrollToItem('story', !!stories.data);
  const hrefFor = communityPageHref('story');

  const onLike = (storyId: string, delta: number, liked: boolean) => {
    stories.update(onItems(withLike(storyId, delta, liked)));
    top.update(orEmpty(withLike(storyId, delta, liked)));
  };
  const onReported = (storyId: string, commentId?: string) => {
    const drop = (list: Story[]) =>
      commentId
        ? list.map((s) => (s._id === storyId ? { ...s, comments: s.comments.filter((c) => c._id !== commentId) } : s))
        : list.filter((s) => s._id !== storyId);
    stories.update(onItems(drop));
    top.update(orEmpty(drop));
  };
  const onCommented = (storyId: string, comment: Comment) => {
    const add = (list: Story[]) => list.map((s) => (s._id === storyId ? { ...s, comments: [...s.comments, comment] } : s));
    stories.update(onItems(add));
    top.update(orEmpty(add));
  };

  return (
    <>
      <PanelIntro>
        Tell the church family what God has done in your life. Your testimony may be the encouragement someone needs today.
      </PanelIntro>
      {isAuth && user ? (
        <ComposerRow
          tips={[
            'Say what happened and what God did: a few sentences are enough.',
            REVIEW_TIP,
            'Members can then like your story and comment on it.',
          ]}
        >
          <div>
            {answered.prayer && (
              <FromPrayer role="note">
                Your story will be linked to your answered prayer.
                {answered.prayer.anonymous &&
                  ' Your prayer was posted without your name: the link will show the church family it was yours.'}{' '}
                <button type="button" onClick={answered.forget}>
                  Do not link it
                </button>
              </FromPrayer>
            )}
            <PostForm
              key={answered.prayer?._id ?? 'new'}
              field="content"
              label="Your story"
              placeholder="What has God done for you?"
              submitLabel="Share story"
              rows={5}
              rules={(all) => all.storySchema}
              initialText={answered.prayer ? storyFromPrayer(answered.prayer) : ''}
              autoFocus={!!answered.prayer}
              onPost={(content) => addStory(user._id, content, { prayer: answered.prayer?._id })}
              onPosted={(story) => {
                if (answered.prayer) answered.forget();
                stories.update(onItems((list) => [story, ...list]));
              }}
            />
          </div>
        </ComposerRow>
      ) : (
        <SignInPrompt what="share your story, like and comment" back="/community?tab=story" />
      )}
      <BestStories resource={top} />
      <Gap />
      <section aria-labelledby="all-stories">
        <PanelTitle id="all-stories" ref={heading}>
          Stories from our members{page > 1 && <PageNote> · page {page}</PageNote>}
        </PanelTitle>
        <ResourceView
          resource={stories}
          what="the stories"
          empty="No stories have been shared yet. Be the first!"
          isEmpty={({ paging }) => paging.total === 0}
          loadingRows={2}
        >
          {({ data, paging }) => (
            <>
              {data.length === 0 ? (
                <PastTheLast page={page} pages={paging.pages} hrefFor={hrefFor} />
              ) : (
                <Feed>
                  {data.map((story) => (
                    <StoryCard key={story._id} story={story} onLike={onLike} onCommented={onCommented} onReported={onReported} />
                  ))}
                </Feed>
              )}
              <PageLinks page={page} pages={paging.pages} hrefFor={hrefFor} label="Pages of stories" />
            </>
          )}
        </ResourceView>
      </section>
    </>
  );
}
