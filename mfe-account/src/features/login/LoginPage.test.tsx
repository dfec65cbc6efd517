import { screen, waitFor, within } from '@testing-library/react';
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

  it('offers "E-mail me a code" beside the password: the address, then the code, signs in', async () => {
    api
      .onPost('/api/user/code')
      .reply(200, { data: { ok: true, message: 'If an account uses this e-mail, we have sent it a code.' } });
    api.onPost('/api/user/code/verify').reply(200, { data: sampleUser });
    const { store } = renderWithProviders(<AccountApp />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    const form = await screen.findByRole('form', { name: 'Sign in with a code' });
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText('If an account uses this e-mail, we have sent it a code.')).toBeInTheDocument();
    expect(form).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isAuth: true, user: sampleUser });
    expect(JSON.parse(api.history.post[1]!.data)).toEqual({ email: 'ada@example.org', code: '123456', remember: true });
  });

  it('while wrong passwords hold the sign-in up, puts the code forward', async () => {
    const words = 'Too many wrong passwords have been tried from here. We can e-mail you a one-time code to sign in instead.';
    api.onPost('/api/user/login').reply(429, { error: { code: 'sign_in_held', message: words } });
    renderWithProviders(<AccountApp />, { route: '/login' });
    await fillAndSubmit();
    const held = await screen.findByRole('alert');
    expect(held).toHaveTextContent(words);
    await userEvent.click(within(held).getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByRole('form', { name: 'Sign in with a code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.org');
  });

  it('shows "Keep me logged in" to everyone, ticked, and sends the choice', async () => {
    api.onPost('/api/user/login').reply(200, { data: sampleUser });
    renderWithProviders(<AccountApp />, { route: '/login' });
    const box = screen.getByRole('checkbox', { name: 'Keep me logged in' });
    expect(box).toBeVisible();
    await userEvent.click(box);
    await fillAndSubmit();
    await screen.findByRole('heading', { name: 'Home page' });
    expect(JSON.parse(api.history.post[0]!.data)).toMatchObject({ remember: false });
  });
});
