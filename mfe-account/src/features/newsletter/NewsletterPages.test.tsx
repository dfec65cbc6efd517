import { fireEvent, screen } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import { AccountApp } from '../../testing/routes';

describe('newsletter pages', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => api.restore());

  it('confirms the subscription once with the token from the link and says so', async () => {
    api
      .onPost('/api/newsletter/confirm')
      .reply(200, { data: { email: 'hope@example.org', message: 'Thank you: you will receive our newsletter once a week.' } });
    renderWithProviders(<AccountApp />, { route: '/newsletter/confirm/abc' });
    expect(await screen.findByRole('heading', { name: 'You are subscribed' })).toBeInTheDocument();
    expect(screen.getByText('Thank you: you will receive our newsletter once a week.')).toBeInTheDocument();
    expect(screen.getByText('hope@example.org')).toBeInTheDocument();
    expect(api.history.post).toHaveLength(1);
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ token: 'abc' });
  });

  it('says plainly when a confirmation link does not work', async () => {
    const message =
      'This confirmation link is not valid (or you unsubscribed since). Please subscribe again from the foot of any page.';
    api.onPost('/api/newsletter/confirm').reply(400, { error: { code: 'bad_request', message, fields: { token: message } } });
    renderWithProviders(<AccountApp />, { route: '/newsletter/confirm/bad' });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('unsubscribes only when the button is pressed, signed out', async () => {
    api.onPost('/api/newsletter/unsubscribe').reply(200, {
      data: { email: 'hope@example.org', message: 'You are unsubscribed: you will not receive our newsletter any more.' },
    });
    renderWithProviders(<AccountApp />, { route: '/newsletter/unsubscribe/tok' });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(api.history.post).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ token: 'tok' });
  });
});
