import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import type { GroupView } from '@ministry/shared/types';
import { CommunityApp } from '../../testing/CommunityApp';
import { locations } from '../../testing/fixtures';

const group = (over: Partial<GroupView> = {}): GroupView => ({
  _id: '7d0f7f0e-6b1a-4c55-9d6a-1b2c3d4e5f60',
  slug: 'tuesday-bible-study',
  name: 'Tuesday Bible Study',
  kind: 'bible-study',
  lifeStage: 'everyone',
  location: { _id: locations[0]!._id, name: locations[0]!.church_name },
  address: '1 Harbor Way',
  meetingPlace: null,
  weekday: 2,
  time: '19:00',
  frequency: 'weekly',
  description: 'We read John together.',
  photo: null,
  capacity: 12,
  memberCount: 3,
  open: true,
  full: false,
  leaders: [{ firstname: 'David', lastname: 'Okafor' }],
  membership: null,
  manages: false,
  ...over,
});

jest.setTimeout(20_000);

describe('the small groups pages', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/locations').reply(200, { data: locations });
  });
  afterEach(() => api.restore());

  it('the finder lists the groups matching the filters in the address, and a choice changes the address', async () => {
    api.onGet('/api/groups').reply((config) => {
      const params = config.params as Record<string, unknown>;
      const list =
        params.kind === 'prayer' ? [] : [group(), group({ _id: 'g2', slug: 'men', name: 'Men at the Table', kind: 'men' })];
      return [200, { data: list, paging: { page: 1, pageSize: 9, total: list.length, pages: 1 } }];
    });
    renderWithProviders(<CommunityApp />, { route: '/groups?day=2' });
    const card = await screen.findByRole('article', { name: 'Tuesday Bible Study' });
    expect(within(card).getByRole('link', { name: 'Tuesday Bible Study' })).toHaveAttribute(
      'href',
      '/groups/tuesday-bible-study',
    );
    expect(card).toHaveTextContent('Tuesdays, 7:00 PM');
    expect(card).toHaveTextContent('Open to new members');
    expect(screen.getByText('2 groups')).toBeInTheDocument();
    expect(api.history.get.find((r) => r.url === '/api/groups')!.params).toMatchObject({ day: 2 });
    expect(screen.getByLabelText('Day')).toHaveValue('2');

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'prayer');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/groups?kind=prayer&day=2'));
    expect(await screen.findByText(/No group matches these choices yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'See every group' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/groups$/));
  });

  describe('near me', () => {
    const getCurrentPosition = jest.fn();
    beforeEach(() => {
      getCurrentPosition.mockReset();
      Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    });
    afterEach(() => {
      delete (navigator as { geolocation?: unknown }).geolocation;
    });
    const listed = () =>
      api.onGet('/api/groups').reply((config) => {
        const near = (config.params as Record<string, unknown>).near;
        const list = near
          ? [
              group({ distanceKm: 0.4 }),
              group({ _id: 'g2', slug: 'men', name: 'Men at the Table', kind: 'men', distanceKm: 12.6 }),
              group({ _id: 'g3', slug: 'diner', name: 'Diner Mornings', meetingPlace: 'Riverside Diner', distanceKm: null }),
            ]
          : [group(), group({ _id: 'g2', slug: 'men', name: 'Men at the Table', kind: 'men' })];
        return [200, { data: list, paging: { page: 1, pageSize: 9, total: list.length, pages: 1 } }];
      });
    const nearParams = () =>
      api.history.get.filter((r) => r.url === '/api/groups').map((r) => (r.params as { near?: string }).near);

    it('asks the browser only when pressed, then lists the groups nearest first with their distance', async () => {
      listed();
      getCurrentPosition.mockImplementation((done: PositionCallback) =>
        done({ coords: { latitude: 39.290412, longitude: -76.612198 } } as GeolocationPosition),
      );
      renderWithProviders(<CommunityApp />, { route: '/groups?day=2' });
      const plain = await screen.findByRole('article', { name: 'Tuesday Bible Study' });
      expect(plain).not.toHaveTextContent('km away');
      expect(getCurrentPosition).not.toHaveBeenCalled();

      await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
      expect(await screen.findByText('3 groups, nearest first')).toBeInTheDocument();
      expect(getCurrentPosition).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('article', { name: 'Tuesday Bible Study' })).toHaveTextContent('Distance: less than 1 km away');
      expect(screen.getByRole('article', { name: 'Men at the Table' })).toHaveTextContent('Distance: about 13 km away');
      expect(screen.getByRole('article', { name: 'Diner Mornings' })).not.toHaveTextContent('km away');
      // Sent rounded (about a kilometre), with the filters; never put in the address.
      expect(api.history.get.filter((r) => r.url === '/api/groups').at(-1)!.params).toMatchObject({
        near: '39.29,-76.61',
        day: 2,
      });
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/groups\?day=2$/);
      expect(screen.getByText(/your location is not saved/)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Stop sorting by distance' }));
      expect(await screen.findByText('2 groups')).toBeInTheDocument();
      expect(nearParams().at(-1)).toBeUndefined();
      expect(screen.getByRole('button', { name: 'Near me' })).toBeInTheDocument();
    });

    it('says so when the location is refused or unavailable, and keeps the usual order', async () => {
      listed();
      getCurrentPosition.mockImplementation((_done: PositionCallback, fail: PositionErrorCallback) =>
        fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
      );
      renderWithProviders(<CommunityApp />, { route: '/groups' });
      await screen.findByRole('article', { name: 'Tuesday Bible Study' });
      await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/You did not let this site see your location/);
      expect(screen.getByText('2 groups')).toBeInTheDocument();

      getCurrentPosition.mockImplementation((_done: PositionCallback, fail: PositionErrorCallback) =>
        fail({ code: 3, message: 'Timeout expired' } as GeolocationPositionError),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
      expect(await screen.findByText(/Your location is not available on this device right now/)).toBeInTheDocument();
      expect(nearParams().every((n) => n === undefined)).toBe(true);
    });

    it('says the location is unavailable where the browser cannot tell it', async () => {
      listed();
      delete (navigator as { geolocation?: unknown }).geolocation;
      renderWithProviders(<CommunityApp />, { route: '/groups' });
      await screen.findByRole('article', { name: 'Tuesday Bible Study' });
      await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/Your location is not available/);
    });
  });

  it('a group page shows when and where with a map link, and asks a visitor to log in to join', async () => {
    api.onGet('/api/groups/tuesday-bible-study').reply(200, { data: group() });
    renderWithProviders(<CommunityApp />, { route: '/groups/tuesday-bible-study' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tuesday Bible Study' })).toBeInTheDocument();
    const about = screen.getByRole('complementary', { name: 'About this group' });
    expect(about).toHaveTextContent('David Okafor');
    expect(about).toHaveTextContent('3 members of 12');
    expect(within(about).getByRole('link', { name: /Open in a map/ })).toHaveAttribute(
      'href',
      expect.stringContaining('1%20Harbor%20Way'),
    );
    expect(within(about).getByRole('link', { name: 'Log in to join' })).toHaveAttribute('href', '/login');
  });

  it('a member asks to join with a message, and then sees the request waiting', async () => {
    let asked = false;
    api.onGet('/api/groups/tuesday-bible-study').reply(() => [200, { data: group({ membership: asked ? 'pending' : null }) }]);
    api.onPost(`/api/groups/${group()._id}/join`).reply((config) => {
      asked = true;
      expect(JSON.parse(config.data as string)).toEqual({ message: 'Hello!', shareEmail: true });
      return [201, { data: { membership: 'pending' } }];
    });
    renderWithProviders(<CommunityApp />, { route: '/groups/tuesday-bible-study', preloadedState: signedInState() });
    await userEvent.type(await screen.findByLabelText(/A short message to the leaders/), 'Hello!');
    await userEvent.click(screen.getByLabelText(/Share my e-mail address/));
    await userEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(await screen.findByText(/You asked to join/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw my request' })).toBeInTheDocument();
  });

  it('a full group takes no request', async () => {
    api.onGet('/api/groups/tuesday-bible-study').reply(200, { data: group({ full: true, memberCount: 12 }) });
    renderWithProviders(<CommunityApp />, { route: '/groups/tuesday-bible-study', preloadedState: signedInState() });
    expect(await screen.findByText(/This group is full at the moment/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to join' })).not.toBeInTheDocument();
  });

  it('the mail link stops a group’s e-mails with one press', async () => {
    api.onPost('/api/groups/mail-off').reply(200, { data: { group: 'Tuesday Bible Study' } });
    renderWithProviders(<CommunityApp />, { route: '/groups/mail-off/abcdefghijklmnopqrstuvwxyz012345' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByText('We will no longer send you the e-mails of Tuesday Bible Study.')).toBeInTheDocument();
  });
});
