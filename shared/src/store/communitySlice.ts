/** The community post state of spec section 4 (addCommunity, loadCommunity, failCommunity). */
import type { UnknownAction } from 'redux';

export interface CommunityState {
  addCommunity: boolean;
  loadCommunity: boolean;
  failCommunity: boolean;
}

export const initialCommunityState: CommunityState = {
  addCommunity: false,
  loadCommunity: false,
  failCommunity: false,
};

export const communityAdding = () => ({ type: 'community/communityAdding' }) as const;
export const communityLoading = () => ({ type: 'community/communityLoading' }) as const;
export const communityFailure = () => ({ type: 'community/communityFailure' }) as const;
export const communityClear = () => ({ type: 'community/communityClear' }) as const;

export type CommunityAction = ReturnType<
  typeof communityAdding | typeof communityLoading | typeof communityFailure | typeof communityClear
>;

export function communityReducer(
  state: CommunityState = initialCommunityState,
  action: UnknownAction | CommunityAction,
): CommunityState {
  switch ((action as CommunityAction).type) {
    case 'community/communityAdding':
      return { ...state, addCommunity: true, loadCommunity: false };
    case 'community/communityLoading':
      return { ...state, loadCommunity: true, addCommunity: false };
    case 'community/communityFailure':
      return { ...state, failCommunity: true, loadCommunity: false };
    case 'community/communityClear':
      return initialCommunityState;
    default:
      return state;
  }
}
