import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser } from '@ministry/shared/testing';
import { AccountApp } from '../../testing/routes';

const answered = async (): Promise<unknown> => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {} });
/** What the mocked browser does: whether it has WebAuthn, and what it answers when asked for a passkey. */
const browser = { supported: true, answer: answered };

jest.mock('@simplewebauthn/browser', () => {
  const actual = jest.requireActual<typeof import('@simplewebauthn/browser')>('@simplewebauthn/browser');
  return {
    ...actual,
    browserSupportsWebAuthn: () => browser.supported,
    browserSupportsWebAuthnAutofill: async () => false,
    startAuthentication: () => browser.answer(),
  };
});

describe('LoginPage: signing in with a passkey', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    localStorage.clear();
    browser.supported = true;
    browser.answer = answered;
  });
  afterEach(() => api.restore());

  it('offers the e-mail field to the browser’s passkey autofill', () => {
    renderWithProviders(<AccountApp />, { route: '/login' });
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  });

  it('signs in with the passkey the browser gives, with the remember choice, and goes home', async () => {
    api.onPost('/api/user/passkeys/login/options').reply(200, { data: { challenge: 'abc', rpId: 'localhost' } });
    api.onPost('/api/user/passkeys/login').reply(200, { data: sampleUser });
    const { store } = renderWithProviders(<AccountApp />, { route: '/login' });
    await userEvent.click(screen.getByLabelText('Keep me logged in'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isAuth: true, user: sampleUser });
    expect(JSON.parse(api.history.post[1]!.data)).toEqual({
      response: { id: 'cred', rawId: 'cred', type: 'public-key', response: {} },
      remember: false,
    });
  });

  it('says so when the member cancels, and when the browser cannot use passkeys', async () => {
    api.onPost('/api/user/passkeys/login/options').reply(200, { data: { challenge: 'abc', rpId: 'localhost' } });
    browser.answer = () => Promise.reject(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    renderWithProviders(<AccountApp />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(/The passkey request was cancelled or timed out/)).toBeInTheDocument();
    browser.supported = false;
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(/This browser cannot use passkeys/)).toBeInTheDocument();
    await waitFor(() => expect(api.history.post).toHaveLength(1));
  }, 20_000);
});
