import { act, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { http as client } from '@ministry/shared/api';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { SessionCheck } from './SessionCheck';

/** The start's check of the stored sign-in has had its answer. */
const checked = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('SessionCheck', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet(`/api/user/search/${sampleUser._id}`).reply(200, { data: sampleUser });
  });
  afterEach(() => api.restore());

  it('signs the page out, and says so, when a later call finds the session ended (an account disabled meanwhile)', async () => {
    const { store } = renderWithProviders(<SessionCheck />, { preloadedState: signedInState() });
    await checked();
    expect(api.history.get).toHaveLength(1);
    expect(store.getState().auth.isAuth).toBe(true);

    api.onGet('/api/community/mine').reply(401, { error: { code: 'unauthorized', message: 'Please log in first.' } });
    await act(() => expect(client.get('/api/community/mine')).rejects.toBeTruthy());
    await waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(await screen.findByText('You have been signed out. Please log in again.')).toBeInTheDocument();
  });

  it('leaves a signed-in page alone when a call is refused for another reason (403)', async () => {
    const { store } = renderWithProviders(<SessionCheck />, { preloadedState: signedInState() });
    await checked();
    api.onGet('/api/community/mine').reply(403, { error: { code: 'forbidden', message: 'No.' } });
    await expect(client.get('/api/community/mine')).rejects.toBeTruthy();
    await checked();
    expect(store.getState().auth.isAuth).toBe(true);
  });
});
