import { act, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { http as client } from '@ministry/shared/api';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { TOKEN_KEY } from '@ministry/shared/store';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { SessionCheck } from './SessionCheck';
import { readPageSession } from './pageSession';

/** The check's question has had its answer. */
const checked = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const unauthorized = { error: { code: 'unauthorized', message: 'Please log in first.' } };

/** What the server writes into a page it serves. */
function carry(value: string | null) {
  document.getElementById('ministry-session')?.remove();
  if (value === null) return;
  const element = document.createElement('script');
  element.id = 'ministry-session';
  element.type = 'application/json';
  element.textContent = value;
  document.head.appendChild(element);
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('SessionCheck', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    carry(null);
  });
  afterEach(() => {
    api.restore();
    carry(null);
  });

  it('signs the page in from the session cookie alone: the server names the member, the store held nobody', async () => {
    api.onGet('/api/user/me').reply(200, { data: sampleUser });
    const { store } = renderWithProviders(<SessionCheck />);
    await waitFor(() => expect(store.getState().auth.isAuth).toBe(true));
    expect(store.getState().auth.user?._id).toBe(sampleUser._id);
  });

  it('signs out a page whose kept sign-in the server no longer knows, and says so', async () => {
    api.onGet('/api/user/me').reply(401, unauthorized);
    const { store } = renderWithProviders(<SessionCheck />, { preloadedState: signedInState() });
    await waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(await screen.findByText('You have been signed out. Please log in again.')).toBeInTheDocument();
  });

  it('does not ask at the start when the page carried the answer, but asks when the tab comes back to the front', async () => {
    carry(JSON.stringify({ user: sampleUser }));
    api.onGet('/api/user/me').reply(200, { data: sampleUser });
    const { store } = renderWithProviders(<SessionCheck />, { preloadedState: signedInState() });
    await checked();
    expect(api.history.get).toHaveLength(0);

    // Meanwhile the password was changed on another device: this session ended.
    api.onGet('/api/user/me').reply(401, unauthorized);
    setVisibility('hidden');
    setVisibility('visible');
    await waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(api.history.get).toHaveLength(1);
  });

  it('signs out when another tab signs out, and asks the server when another tab signs in', async () => {
    carry(JSON.stringify({ user: sampleUser }));
    const { store } = renderWithProviders(<SessionCheck />, { preloadedState: signedInState() });
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: sampleUser._id, newValue: null }));
    });
    expect(store.getState().auth.isAuth).toBe(false);
    expect(api.history.get).toHaveLength(0);

    api.onGet('/api/user/me').reply(200, { data: sampleUser });
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: null, newValue: sampleUser._id }));
    });
    await waitFor(() => expect(store.getState().auth.user?._id).toBe(sampleUser._id));
  });

  it('signs the page out, and says so, when a later call finds the session ended (an account disabled meanwhile)', async () => {
    carry(JSON.stringify({ user: sampleUser }));
    const { store } = renderWithProviders(<SessionCheck />, { preloadedState: signedInState() });
    await checked();
    expect(store.getState().auth.isAuth).toBe(true);

    api.onGet('/api/community/mine').reply(401, unauthorized);
    await act(() => expect(client.get('/api/community/mine')).rejects.toBeTruthy());
    await waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(await screen.findByText('You have been signed out. Please log in again.')).toBeInTheDocument();
  });

  it('leaves a signed-in page alone when a call is refused for another reason (403)', async () => {
    api.onGet('/api/user/me').reply(200, { data: sampleUser });
    const { store } = renderWithProviders(<SessionCheck />, { preloadedState: signedInState() });
    await checked();
    api.onGet('/api/community/mine').reply(403, { error: { code: 'forbidden', message: 'No.' } });
    await expect(client.get('/api/community/mine')).rejects.toBeTruthy();
    await checked();
    expect(store.getState().auth.isAuth).toBe(true);
  });
});

describe('readPageSession', () => {
  afterEach(() => carry(null));
  it('reads the member or nobody, and ignores what is not a session', () => {
    expect(readPageSession()).toBeUndefined();
    carry('{"user":null}');
    expect(readPageSession()).toEqual({ user: null });
    carry(JSON.stringify({ user: sampleUser }));
    expect(readPageSession()?.user?._id).toBe(sampleUser._id);
    carry('not json');
    expect(readPageSession()).toBeUndefined();
    carry('{"user":{"name":"no id"}}');
    expect(readPageSession()).toBeUndefined();
  });
});
