import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import type { Device } from '@ministry/shared/types';
import { DevicesSection } from './DevicesSection';

const now = new Date().toISOString();
const here: Device = { _id: 'd1', browser: 'Firefox', system: 'Linux', createdAt: now, lastSeenAt: now, thisDevice: true };
const phone: Device = { _id: 'd2', browser: 'Chrome', system: 'Android', createdAt: now, lastSeenAt: now, thisDevice: false };
const laptop: Device = { _id: 'd3', browser: 'Safari', system: 'macOS', createdAt: now, lastSeenAt: null, thisDevice: false };

describe('DevicesSection', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('lists each device with its browser, system and last use, marks this one, and signs out another', async () => {
    api.onGet('/api/user/sessions').reply(200, { data: [here, phone, laptop] });
    api.onDelete('/api/user/sessions/d2').reply(200, { data: [here, laptop] });
    renderWithProviders(<DevicesSection />);
    const list = within(await screen.findByRole('list', { name: 'Your devices' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Firefox on LinuxThis device');
    expect(items[0]).toHaveTextContent('In use now');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent(/Chrome on Android.*Last seen/);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Chrome on Android' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(api.history.delete[0]!.url).toBe('/api/user/sessions/d2');
    expect(await screen.findByText('Chrome on Android is signed out.')).toBeInTheDocument();
  });

  it('signs out all the other devices at once', async () => {
    api.onGet('/api/user/sessions').reply(200, { data: [here, phone, laptop] });
    api.onDelete('/api/user/sessions').reply(200, { data: [here] });
    renderWithProviders(<DevicesSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).not.toBeInTheDocument();
  });
});
