import { useCallback } from 'react';
import { communityAdding, communityClear, communityFailure, communityLoading, useAppDispatch } from '@ministry/shared/store';
import { notify } from '@ministry/shared/ui';

/** Spec section 8: post notifications and the post flags are cleared after 6 seconds. */
export const POST_OUTCOME_MS = 6000;

let clearTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The community post state of spec section 4 around one post: loading while
 * it is sent, then adding (success, top-right notification) or failure
 * (warning at the bottom centre); both cleared after 6 seconds.
 */
export function usePostOutcome() {
  const dispatch = useAppDispatch();
  const clearLater = useCallback(() => {
    clearTimeout(clearTimer);
    clearTimer = setTimeout(() => dispatch(communityClear()), POST_OUTCOME_MS);
  }, [dispatch]);

  return {
    sending: useCallback(() => {
      clearTimeout(clearTimer);
      dispatch(communityLoading());
    }, [dispatch]),
    sent: useCallback(() => {
      dispatch(communityAdding());
      notify.postSent();
      clearLater();
    }, [dispatch, clearLater]),
    /** `announce: false` when the form already says what went wrong under the field. */
    failed: useCallback(
      (announce = true) => {
        dispatch(communityFailure());
        if (announce) notify.postFailed();
        clearLater();
      },
      [dispatch, clearLater],
    ),
  };
}
