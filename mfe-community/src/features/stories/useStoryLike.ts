import { useRef, useState } from 'react';
import { friendlyError } from '@ministry/shared/api';
import type { Story } from '@ministry/shared/types';
import { notify } from '@ministry/shared/ui';
import { likeStory } from './api';

export type LikeChange = (storyId: string, delta: number, liked: boolean) => void;

/**
 * Likes or unlikes a story (spec section 4: on a 200 the liked flag toggles
 * and the count moves by the number returned). One call at a time: clicks
 * while one is on its way are ignored, and the call names the state wanted,
 * so however fast a member clicks, they like a story at most once.
 */
export function useStoryLike(story: Pick<Story, '_id' | 'userLikesThis'>, onChange: LikeChange) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const toggle = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const wanted = !story.userLikesThis;
    try {
      const delta = await likeStory(story._id, wanted);
      onChange(story._id, delta, wanted);
    } catch (error) {
      notify.warning(friendlyError(error, "We couldn't save your like right now. Please try again."));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { toggle, busy };
}
