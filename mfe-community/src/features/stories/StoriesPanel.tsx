import styled from 'styled-components';
import { addStory, getStories, getTopStories } from '@ministry/shared/api';
import { useAuth } from '@ministry/shared/store';
import type { Comment, Story } from '@ministry/shared/types';
import { ResourceView } from '@ministry/shared/ui';
import { storySchema } from '@ministry/shared/validation';
import { ComposerRow, PanelIntro, PanelTitle, REVIEW_TIP } from '../community/panel';
import { PostForm } from '../community/PostForm';
import { SignInPrompt } from '../community/SignInPrompt';
import { useEditableResource } from '../community/useEditableResource';
import { BestStories } from './BestStories';
import { StoryCard } from './StoryCard';

/** Two columns of stories on wide screens, newest first along each row. */
const Feed = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 20px;
  align-items: start;
  @media (max-width: 960px) { grid-template-columns: 1fr; }
`;

const Gap = styled.div`
  height: 48px;
`;

const withLike = (storyId: string, delta: number, liked: boolean) => (list: Story[] | undefined) =>
  (list ?? []).map((s) => (s._id === storyId ? { ...s, nbLikes: Math.max(0, s.nbLikes + delta), userLikesThis: liked } : s));

/** Share Your Story: a box to share one, the best stories, and every story with likes and comments. */
export function StoriesPanel() {
  const { user, isAuth } = useAuth();
  const viewer = user?._id ?? null;
  // Named per viewer: a member sees their likes and posts awaiting review.
  const stories = useEditableResource(getStories, `stories:${viewer ?? 'visitor'}`);
  const top = useEditableResource(getTopStories, `stories:top:${viewer ?? 'visitor'}`);

  const onLike = (storyId: string, delta: number, liked: boolean) => {
    stories.update(withLike(storyId, delta, liked));
    top.update(withLike(storyId, delta, liked));
  };
  const onCommented = (storyId: string, comment: Comment) => {
    const add = (list: Story[] | undefined) => (list ?? []).map((s) => (s._id === storyId ? { ...s, comments: [...s.comments, comment] } : s));
    stories.update(add);
    top.update(add);
  };

  return (
    <>
      <PanelIntro>Tell the church family what God has done in your life. Your testimony may be the encouragement someone needs today.</PanelIntro>
      {isAuth && user ? (
        <ComposerRow
          tips={[
            'Say what happened and what God did: a few sentences are enough.',
            REVIEW_TIP,
            'Members can then like your story and comment on it.',
          ]}
        >
          <PostForm
            field="content"
            label="Your story"
            placeholder="What has God done for you?"
            submitLabel="Share story"
            rows={5}
            schema={storySchema}
            onPost={(content) => addStory(user._id, content)}
            onPosted={(story) => stories.update((list) => [story, ...(list ?? [])])}
          />
        </ComposerRow>
      ) : (
        <SignInPrompt what="share your story, like and comment" back="/community?tab=story" />
      )}
      <BestStories resource={top} />
      <Gap />
      <section aria-labelledby="all-stories">
        <PanelTitle id="all-stories">Stories from our members</PanelTitle>
        <ResourceView resource={stories} what="the stories" empty="No stories have been shared yet. Be the first!" loadingRows={2}>
          {(list) => (
            <Feed>
              {list.map((story) => (
                <StoryCard key={story._id} story={story} onLike={onLike} onCommented={onCommented} />
              ))}
            </Feed>
          )}
        </ResourceView>
      </section>
    </>
  );
}
