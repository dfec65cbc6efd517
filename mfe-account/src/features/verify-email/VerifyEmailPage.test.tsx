import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { AccountApp } from '../../testing/routes';

describe('VerifyEmailPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => api.restore());

  it('confirms the address with the token, signs the member in and goes home', async () => {
    api.onPost('/api/user/verify-email').reply(200, {
      data: { user: { ...sampleUser, emailVerified: true }, message: 'Thank you: your e-mail address is confirmed.' },
    });
    const { store } = renderWithProviders(<AccountApp />, { route: '/verify-email/tok123' });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ token: 'tok123' });
    expect(api.history.post).toHaveLength(1);
    expect(store.getState().auth.isAuth).toBe(true);
    expect(await screen.findByText('Thank you: your e-mail address is confirmed.')).toBeInTheDocument();
  });

  it('says plainly when the link was used or expired', async () => {
    const message = 'This confirmation link is invalid, used or expired. Log in and ask for a new one from your profile.';
    api.onPost('/api/user/verify-email').reply(400, { error: { code: 'bad_request', message, fields: { token: message } } });
    renderWithProviders(<AccountApp />, { route: '/verify-email/used' });
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it('a used link opened by a signed-in member whose address is confirmed says the address is confirmed', async () => {
    const message = 'This confirmation link is invalid, used or expired. Log in and ask for a new one from your profile.';
    api.onPost('/api/user/verify-email').reply(400, { error: { code: 'bad_request', message, fields: { token: message } } });
    renderWithProviders(<AccountApp />, {
      route: '/verify-email/used',
      preloadedState: signedInState({ ...sampleUser, emailVerified: true, pendingEmail: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/is confirmed: this link has done its work/)).toHaveTextContent(`${sampleUser.email} is confirmed`);
    expect(screen.queryByText(/ask for a new one/)).not.toBeInTheDocument();
  });

  it('a used link opened by a member whose new address still waits says the link no longer works', async () => {
    const message = 'This confirmation link is invalid, used or expired. Log in and ask for a new one from your profile.';
    api.onPost('/api/user/verify-email').reply(400, { error: { code: 'bad_request', message, fields: { token: message } } });
    renderWithProviders(<AccountApp />, {
      route: '/verify-email/used',
      preloadedState: signedInState({ ...sampleUser, emailVerified: true, pendingEmail: 'new@example.org' }),
    });
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
  });

  it('asks first while someone else is signed in here, and goes on only when told to', async () => {
    const question =
      'You are signed in as Ruth Mensah. This link is for another account: continuing signs you out and into that account.';
    api
      .onPost('/api/user/verify-email')
      .replyOnce(409, { error: { code: 'signed_in_as_other', message: question } })
      .onPost('/api/user/verify-email')
      .replyOnce(200, { data: { user: sampleUser, message: 'Thank you: your e-mail address is confirmed.' } });
    renderWithProviders(<AccountApp />, { route: '/verify-email/tok123' });
    expect(await screen.findByRole('heading', { name: 'Another account is signed in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(question);
    expect(screen.getByRole('link', { name: 'Stay signed in, leave this link' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out and continue' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.history.post.map((r) => JSON.parse(r.data as string))).toEqual([
      { token: 'tok123' },
      { token: 'tok123', switchAccount: true },
    ]);
  });
});
