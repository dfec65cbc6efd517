import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { siteIdentity } from '@ministry/shared/config';
import { renderWithProviders } from '@ministry/shared/testing';
import { sampleEvent } from '../../testing/fixtures';
import { EventsPage } from './EventsPage';

const events = [
  sampleEvent({ _id: 'a1111111-1111-4111-8111-111111111111', title: 'Conference', seatsLeft: 10 }),
  sampleEvent({ _id: 'b1111111-1111-4111-8111-111111111111', title: 'Breakfast', seatsLeft: 0 }),
];

function setMobile(mobile: boolean) {
  window.matchMedia = ((query: string) =>
    ({
      matches: mobile && query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList) as typeof window.matchMedia;
}

describe('EventsPage', () => {
  let api: MockAdapter;
  const original = window.matchMedia;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => {
    api.restore();
    window.matchMedia = original;
  });

  it("shows 'Upcoming events' with the Visit link to the TV network and the calendar, and a carousel on desktop", async () => {
    setMobile(false);
    api.onGet('/api/events').reply(200, { data: events });
    renderWithProviders(<EventsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Upcoming events' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the calendar' })).toHaveAttribute('href', '/calendar');
    const visit = screen.getByRole('link', { name: new RegExp(`Visit ${siteIdentity.tvNetwork.name}`) });
    expect(visit).toHaveAttribute('href', siteIdentity.tvNetwork.url);
    expect(visit).toHaveAttribute('target', '_blank');
    const carousel = await screen.findByRole('region', { name: 'Event highlights' });
    expect(within(carousel).getByRole('link', { name: 'Get tickets: Conference' })).toHaveAttribute(
      'href',
      `/events/${events[0]._id}`,
    );
  });

  it('lists every upcoming event at a glance below the carousel on desktop, with where, price and seats', async () => {
    setMobile(false);
    const past = sampleEvent({
      _id: 'c1111111-1111-4111-8111-111111111111',
      title: 'Last year',
      event_date: '2020-01-01T18:00:00.000Z',
    });
    api.onGet('/api/events').reply(200, { data: [...events, past] });
    renderWithProviders(<EventsPage />);
    const all = await screen.findByRole('region', { name: 'All upcoming events' });
    const rows = within(all).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Conference' })).toHaveAttribute('href', `/events/${events[0]._id}`);
    expect(rows[0]).toHaveTextContent('Luminaries Philadelphia');
    expect(rows[0]).toHaveTextContent('$15');
    expect(rows[0]).toHaveTextContent('10 seats left');
    expect(rows[1]).toHaveTextContent('Sold out');
    expect(within(all).queryByText('Last year')).not.toBeInTheDocument();
    // Past events are not among the upcoming ones: they have a section of their own.
    expect(within(screen.getByRole('region', { name: 'Event highlights' })).queryByText('Last year')).not.toBeInTheDocument();
    const pastSection = screen.getByRole('region', { name: 'Past events' });
    expect(within(pastSection).getByRole('link', { name: 'Details: Last year' })).toHaveAttribute('href', `/events/${past._id}`);
  });

  it('says when nothing is coming up, and still lists past events', async () => {
    setMobile(true);
    const past = sampleEvent({
      _id: 'c1111111-1111-4111-8111-111111111111',
      title: 'Last year',
      event_date: '2020-01-01T18:00:00.000Z',
    });
    api.onGet('/api/events').reply(200, { data: [past] });
    renderWithProviders(<EventsPage />);
    expect(await screen.findByText('No upcoming events right now. Please check back soon.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Past events' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows a card list on mobile, with sold-out events marked', async () => {
    setMobile(true);
    api.onGet('/api/events').reply(200, { data: events });
    renderWithProviders(<EventsPage />);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Sold out')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Details: Breakfast' })).toHaveAttribute('href', `/events/${events[1]._id}`);
    expect(screen.queryByRole('region', { name: 'Event highlights' })).not.toBeInTheDocument();
  });

  it('has an empty state and an error state with retry', async () => {
    api.onGet('/api/events').replyOnce(500).onGet('/api/events').reply(200, { data: [] });
    renderWithProviders(<EventsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No upcoming events/)).toBeInTheDocument();
  });
});
