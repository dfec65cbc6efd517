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

  it('names the address and unsubscribes only when the button is pressed, signed out', async () => {
    api.onGet('/api/newsletter/unsubscribe/tok').reply(200, { data: { email: 'hope@example.org', status: 'confirmed' } });
    api.onPost('/api/newsletter/unsubscribe').reply(200, {
      data: { email: 'hope@example.org', message: 'You are unsubscribed: you will not receive our newsletter any more.' },
    });
    renderWithProviders(<AccountApp />, { route: '/newsletter/unsubscribe/tok' });
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(screen.getByText(/You will no longer receive our weekly newsletter at/)).toHaveTextContent('hope@example.org');
    expect(api.history.post).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ token: 'tok' });
    expect(screen.getByText(/will not receive our newsletter any more/)).toHaveTextContent(
      'Done: hope@example.org will not receive our newsletter any more.',
    );
  });

  it('a used link says it is done, for which address, and offers to subscribe again', async () => {
    api.onGet('/api/newsletter/unsubscribe/used').reply(200, { data: { email: 'hope@example.org', status: 'unsubscribed' } });
    api.onPost('/api/newsletter').reply(200, {
      data: { email: 'hope@example.org', message: 'Check your inbox to confirm your subscription.' },
    });
    renderWithProviders(<AccountApp />, { route: '/newsletter/unsubscribe/used' });
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(/will not receive our newsletter any more/)).toHaveTextContent(
      'Done: hope@example.org will not receive our newsletter any more.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe again' }));
    expect(await screen.findByText('Check your inbox to confirm your subscription.')).toBeInTheDocument();
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ email: 'hope@example.org' });
  });

  it('says plainly when an unsubscribe link does not work', async () => {
    const message = 'This unsubscribe link is not valid.';
    api
      .onGet('/api/newsletter/unsubscribe/bad')
      .reply(400, { error: { code: 'bad_request', message, fields: { token: message } } });
    renderWithProviders(<AccountApp />, { route: '/newsletter/unsubscribe/bad' });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
