import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import { AccountApp } from '../../testing/routes';

describe('ResetPasswordPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onPost('/api/user/reset-password/check').reply(200, { data: { valid: true } });
  });
  afterEach(() => api.restore());

  it('checks the new password and its confirmation, then sends it with the token', async () => {
    api.onPost('/api/user/reset-password').reply(200, { data: { ok: true, message: 'Your password has been changed.' } });
    renderWithProviders(<AccountApp />, { route: '/reset-password/tok123' });
    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a good password');
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a good password');
    await userEvent.click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(JSON.parse(api.history.post.at(-1)!.data)).toEqual({ token: 'tok123', password: 'a good password' });
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it('says plainly when the link was used or expired', async () => {
    const message = 'This reset link is invalid or has expired. Please ask for a new one.';
    api.onPost('/api/user/reset-password').reply(400, { error: { code: 'bad_request', message, fields: { token: message } } });
    renderWithProviders(<AccountApp />, { route: '/reset-password/used' });
    await userEvent.type(await screen.findByLabelText('New password'), 'a good password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a good password');
    await userEvent.click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('a used or expired link says so at once, without a form to fill in', async () => {
    api.onPost('/api/user/reset-password/check').reply(200, { data: { valid: false } });
    renderWithProviders(<AccountApp />, { route: '/reset-password/dead' });
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(JSON.parse(api.history.post[0].data)).toEqual({ token: 'dead' });
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });
});
