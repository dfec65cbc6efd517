import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import type { Passkey } from '@ministry/shared/types';
import { PasskeysPart } from './PasskeysPart';

const phone: Passkey = { _id: 'p1', name: 'My phone', createdAt: '2026-03-01T10:00:00Z', lastUsedAt: null, backedUp: true };
const laptop: Passkey = {
  _id: 'p/2',
  name: 'Work laptop',
  createdAt: '2026-03-02T10:00:00Z',
  lastUsedAt: new Date().toISOString(),
  backedUp: false,
};

describe('PasskeysPart', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('lists the passkeys (name, added, last used) and removes one only once the member confirms', async () => {
    api.onGet('/api/user/passkeys').reply(200, { data: [phone, laptop] });
    api.onDelete('/api/user/passkeys/p%2F2').reply(200, { data: [phone] });
    renderWithProviders(<PasskeysPart />);
    const items = within(await screen.findByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/My phone.*Added 01 March 2026 · not used yet/);
    expect(items[1]).toHaveTextContent(/Work laptop.*last used/);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove this passkey?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(api.history.delete).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(api.history.delete[0]!.url).toBe('/api/user/passkeys/p%2F2');
  }, 20_000);

  it('says so when the browser cannot use passkeys, instead of offering to add one', async () => {
    api.onGet('/api/user/passkeys').reply(200, { data: [] });
    renderWithProviders(<PasskeysPart />);
    expect(await screen.findByText('You have no passkey yet.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('This browser cannot use passkeys.');
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});
