/** The community post state of spec section 4 (addCommunity, loadCommunity, failCommunity). */
import { createSlice } from '@reduxjs/toolkit';

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

const communitySlice = createSlice({
  name: 'community',
  initialState: initialCommunityState,
  reducers: {
    communityAdding(state) {
      state.addCommunity = true;
      state.loadCommunity = false;
    },
    communityLoading(state) {
      state.loadCommunity = true;
      state.addCommunity = false;
    },
    communityFailure(state) {
      state.failCommunity = true;
      state.loadCommunity = false;
    },
    communityClear() {
      return initialCommunityState;
    },
  },
});

export const { communityAdding, communityLoading, communityFailure, communityClear } = communitySlice.actions;
export const communityReducer = communitySlice.reducer;
