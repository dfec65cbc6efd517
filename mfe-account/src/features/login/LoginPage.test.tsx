import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser } from '@ministry/shared/testing';
import { AccountApp } from '../../testing/routes';

describe('LoginPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    localStorage.clear();
  });
  afterEach(() => api.restore());

  async function fillAndSubmit(email = 'ada@example.org', password = 'secret password') {
    await userEvent.type(screen.getByLabelText('Email'), email);
    await userEvent.type(screen.getByLabelText('Password'), password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  }

  it('says Required under each empty field and calls nothing', async () => {
    renderWithProviders(<AccountApp />, { route: '/login' });
    await waitFor(() => expect(document.title).toMatch(/^Log in \| /));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(api.history.post).toHaveLength(0);
  });

  it('logs in: stores the user and the token, sends the remember choice, and goes home', async () => {
    api.onPost('/api/user/login').reply(200, { data: sampleUser });
    const { store } = renderWithProviders(<AccountApp />, { route: '/login' });
    expect(screen.getByLabelText('Keep me logged in')).toBeChecked();
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isAuth: true, isLoad: false, user: sampleUser });
    expect(localStorage.getItem('token')).toBe(sampleUser._id);
    expect(JSON.parse(api.history.post[0].data)).toEqual({
      email: 'ada@example.org',
      password: 'secret password',
      remember: true,
    });
  });

  it('goes back to the page that sent the visitor (?next=), never to another site', async () => {
    api.onPost('/api/user/login').reply(200, { data: sampleUser });
    renderWithProviders(<AccountApp />, { route: '/login?next=/booking' });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/booking'));
  });

  it.each([
    [400, 'Incorrect email or password, please try again.'],
    [401, 'Unauthorized'],
    [409, 'This email already exists, please try again with a different email.'],
    [500, 'Oops, there is a problem, please try again later.'],
  ])('shows the catalogue message for a %i and records the error', async (status, message) => {
    api.onPost('/api/user/login').reply(status, { error: { code: 'x', message: 'server words' } });
    const { store } = renderWithProviders(<AccountApp />, { route: '/login' });
    await fillAndSubmit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isAuth: false, isLoad: false, error: { status, message } });
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it("shows the server's own words for a disabled account (403), and stays on the login page", async () => {
    const words = 'This account is disabled. Please contact the church office.';
    api.onPost('/api/user/login').reply(403, { error: { code: 'account_disabled', message: words } });
    const { store } = renderWithProviders(<AccountApp />, { route: '/login' });
    await fillAndSubmit();
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isAuth: false, error: { status: 403, message: words } });
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it('clears the error 5 seconds after a failure', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      api.onPost('/api/user/login').reply(400, {});
      const { store } = renderWithProviders(<AccountApp />, { route: '/login' });
      await fillAndSubmit();
      await waitFor(() => expect(store.getState().auth.error).not.toBeNull());
      jest.advanceTimersByTime(5000);
      await waitFor(() => expect(store.getState().auth.error).toBeNull());
    } finally {
      jest.useRealTimers();
    }
  });

  it('the forgot-password modal sends the e-mail and shows the same answer for everyone', async () => {
    api
      .onPut('/api/user/forgotpassword')
      .reply(200, { data: { ok: true, message: 'If an account uses this e-mail, we have sent it a link.' } });
    renderWithProviders(<AccountApp />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot your password?' });
    await userEvent.type(dialog.querySelector('input')!, 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('If an account uses this e-mail, we have sent it a link.')).toBeInTheDocument();
    expect(JSON.parse(api.history.put[0].data)).toEqual({ email: 'ada@example.org' });
  });

  it('links to signup and back home', () => {
    renderWithProviders(<AccountApp />, { route: '/login' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup/0');
    expect(screen.getByRole('link', { name: 'Back To Home' })).toHaveAttribute('href', '/');
  });
});
