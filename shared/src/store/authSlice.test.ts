import {
  authFailure,
  authLoading,
  authReducer,
  clearError,
  initialAuthState,
  loginSuccess,
  logout,
  setCurrentUser,
  syncAuthStorage,
} from './authSlice';
import {
  communityAdding,
  communityClear,
  communityFailure,
  communityLoading,
  communityReducer,
  initialCommunityState,
} from './communitySlice';
import { createAppStore } from './createAppStore';
import { sampleUser } from '../testing';

describe('auth state (spec section 4)', () => {
  it('starts signed out, not loading, with no error', () => {
    expect(authReducer(undefined, { type: '@@init' })).toEqual({ user: null, error: null, isLoad: false, isAuth: false });
  });

  it('loading sets loading true', () => {
    expect(authReducer(initialAuthState, authLoading()).isLoad).toBe(true);
  });

  it('login success stores the user, signs in and stops loading', () => {
    const state = authReducer({ ...initialAuthState, isLoad: true }, loginSuccess(sampleUser));
    expect(state).toEqual({ user: sampleUser, isAuth: true, isLoad: false, error: null });
  });

  it('failure stores the error, signs out and stops loading', () => {
    const error = { status: 400, message: 'Incorrect email or password, please try again.' };
    const state = authReducer({ ...initialAuthState, isLoad: true, isAuth: true }, authFailure(error));
    expect(state).toMatchObject({ error, isAuth: false, isLoad: false });
  });

  it('a current-user action stores the user and signs in', () => {
    const state = authReducer(initialAuthState, setCurrentUser(sampleUser));
    expect(state.user).toEqual(sampleUser);
    expect(state.isAuth).toBe(true);
  });

  it('logout resets to the initial state', () => {
    const signedIn = authReducer(initialAuthState, loginSuccess(sampleUser));
    expect(authReducer(signedIn, logout())).toEqual(initialAuthState);
  });

  it('clear-error removes the error only', () => {
    const failed = authReducer(initialAuthState, authFailure({ status: 401, message: 'Unauthorized' }));
    expect(authReducer(failed, clearError())).toEqual({ ...failed, error: null });
  });
});

describe('browser keys', () => {
  beforeEach(() => localStorage.clear());

  it('saves the user id under token on login and removes it on logout', () => {
    syncAuthStorage(authReducer(initialAuthState, loginSuccess(sampleUser)));
    expect(localStorage.getItem('token')).toBe(sampleUser._id);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ _id: sampleUser._id });
    syncAuthStorage(initialAuthState);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('the store keeps the token key in step with its auth state', () => {
    const { store } = createAppStore({ persist: false });
    store.dispatch(loginSuccess(sampleUser));
    expect(localStorage.getItem('token')).toBe(sampleUser._id);
    store.dispatch(logout());
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('community post state (spec section 4)', () => {
  it('adding sets add and clears load', () => {
    expect(communityReducer({ ...initialCommunityState, loadCommunity: true }, communityAdding())).toEqual({
      addCommunity: true,
      loadCommunity: false,
      failCommunity: false,
    });
  });
  it('loading sets load and clears add', () => {
    expect(communityReducer({ ...initialCommunityState, addCommunity: true }, communityLoading())).toMatchObject({
      addCommunity: false,
      loadCommunity: true,
    });
  });
  it('failure sets fail and clears load', () => {
    expect(communityReducer({ ...initialCommunityState, loadCommunity: true }, communityFailure())).toMatchObject({
      failCommunity: true,
      loadCommunity: false,
    });
  });
  it('clearing resets', () => {
    expect(communityReducer({ addCommunity: true, loadCommunity: true, failCommunity: true }, communityClear())).toEqual(
      initialCommunityState,
    );
  });
});
