import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { AccountApp } from '../../testing/routes';
import { DELETE_PROMPT } from './PhotoModal';

describe('ProfilePage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/locations').reply(200, {
      data: [{ _id: 'church-1', church_name: 'Luminaries Accra', adress: 'x', main_contact: [], email: 'a@b.org' }],
    });
    api.onGet('/api/geo/countries').reply(200, {
      data: [
        { code: 'GH', name: 'Ghana' },
        { code: 'US', name: 'United States' },
      ],
    });
    api.onGet('/api/geo/cities').reply(200, { data: ['Delaware', 'Texas'] });
    api.onGet('/api/payment/my-tickets').reply(200, { data: [] });
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => api.restore());

  const section = (name: string) => screen.getByRole('region', { name: new RegExp(name) });
  const renderProfile = () => renderWithProviders(<AccountApp />, { route: '/profile', preloadedState: signedInState() });

  it('redirects to /login when signed out', async () => {
    renderWithProviders(<AccountApp />, { route: '/profile' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
  });

  it('shows three numbered sections, read-only until Modify', async () => {
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    for (const [n, title] of [
      ['01', 'Basic Info'],
      ['02', 'Church'],
      ['03', 'Security'],
    ]) {
      expect(screen.getByRole('heading', { name: `${n} ${title}` })).toBeInTheDocument();
    }
    const basic = within(section('Basic Info'));
    expect(basic.getByLabelText('First name')).toBeDisabled();
    await userEvent.click(basic.getByRole('button', { name: 'Modify Basic Info' }));
    expect(basic.getByLabelText('First name')).toBeEnabled();
    expect(basic.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('Save asks for confirmation; Close keeps editing; Save submits, stores and returns to read-only', async () => {
    api
      .onPut(`/api/user/updateBasic/${sampleUser._id}`)
      .reply((config) => [200, { data: { ...sampleUser, ...JSON.parse(config.data) } }]);
    const { store } = renderProfile();
    const basic = within(section('Basic Info'));
    await userEvent.click(basic.getByRole('button', { name: 'Modify Basic Info' }));
    const first = basic.getByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await userEvent.click(basic.getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm your update' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(api.history.put).toHaveLength(0);
    expect(first).toHaveValue('Augusta');

    await userEvent.click(basic.getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm your update' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.getState().auth.user?.firstname).toBe('Augusta'));
    expect(JSON.parse(api.history.put[0].data)).toMatchObject({ firstname: 'Augusta', lastname: 'Lovelace', city: 'Delaware' });
    await waitFor(() => expect(basic.getByLabelText('First name')).toBeDisabled());
    expect(basic.getByLabelText('First name')).toHaveValue('Augusta');
    expect(screen.getByRole('heading', { name: 'Augusta Lovelace' })).toBeInTheDocument();
  });

  it("Basic Info shows 'Required' under emptied names and does not ask to confirm", async () => {
    renderProfile();
    const basic = within(section('Basic Info'));
    await userEvent.click(basic.getByRole('button', { name: 'Modify Basic Info' }));
    await userEvent.clear(basic.getByLabelText('First name'));
    await userEvent.clear(basic.getByLabelText('Last name'));
    await userEvent.click(basic.getByRole('button', { name: 'Save' }));
    expect(await basic.findAllByText('Required')).toHaveLength(2);
    expect(basic.getByLabelText('First name')).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(basic.getByLabelText('Last name')).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.history.put).toHaveLength(0);
  });

  it("a new country of residence clears the city, which is 'Required' again before saving", async () => {
    api
      .onPut(`/api/user/updateBasic/${sampleUser._id}`)
      .reply((config) => [200, { data: { ...sampleUser, ...JSON.parse(config.data) } }]);
    renderProfile();
    const basic = within(section('Basic Info'));
    await userEvent.click(basic.getByRole('button', { name: 'Modify Basic Info' }));
    await within(basic.getByLabelText('Country of residence')).findByRole('option', { name: 'Ghana' });
    await userEvent.selectOptions(basic.getByLabelText('Country of residence'), 'Ghana');
    expect(basic.getByLabelText('State or region')).toHaveValue('');
    await userEvent.click(basic.getByRole('button', { name: 'Save' }));
    expect(await basic.findByText('Required')).toBeInTheDocument();
    expect(basic.getByLabelText('State or region')).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.selectOptions(basic.getByLabelText('State or region'), 'Texas');
    await userEvent.click(basic.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.history.put).toHaveLength(1));
    expect(JSON.parse(api.history.put[0].data)).toMatchObject({ country: 'Ghana', city: 'Texas' });
  });

  it('a failed save keeps the input and shows the server message under the field', async () => {
    api
      .onPut(`/api/user/updateBasic/${sampleUser._id}`)
      .reply(400, { error: { code: 'bad_request', message: 'Must be a number', fields: { seniority: 'Must be a number' } } });
    renderProfile();
    const church = within(section('Church'));
    await userEvent.click(church.getByRole('button', { name: 'Modify Church' }));
    await userEvent.click(church.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await church.findByText('Must be a number')).toBeInTheDocument();
    expect(church.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('security needs the current password and a matching confirmation before it asks to confirm', async () => {
    api.onPut(`/api/user/updateSecurity/${sampleUser._id}`).reply(200, { data: { ...sampleUser, email: 'new@example.org' } });
    const { store } = renderProfile();
    const security = within(section('Security'));
    await userEvent.click(security.getByRole('button', { name: 'Modify Security' }));
    await userEvent.type(security.getByLabelText('New password'), 'a new password');
    await userEvent.type(security.getByLabelText('Confirm new password'), 'another');
    await userEvent.click(security.getByRole('button', { name: 'Save' }));
    expect(await security.findByText('Passwords must match')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.clear(security.getByLabelText('Confirm new password'));
    await userEvent.type(security.getByLabelText('Confirm new password'), 'a new password');
    await userEvent.type(security.getByLabelText('Current password'), 'old password');
    const email = security.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.org');
    await userEvent.click(security.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.getState().auth.user?.email).toBe('new@example.org'));
    expect(JSON.parse(api.history.put[0].data)).toEqual({
      email: 'new@example.org',
      password: 'a new password',
      currentPassword: 'old password',
    });
  });

  it('security changes the e-mail alone, without a new password', async () => {
    api.onPut(`/api/user/updateSecurity/${sampleUser._id}`).reply(200, { data: { ...sampleUser, email: 'ada.new@example.org' } });
    const { store } = renderProfile();
    const security = within(section('Security'));
    await userEvent.click(security.getByRole('button', { name: 'Modify Security' }));
    const email = security.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada.new@example.org');
    await userEvent.type(security.getByLabelText('Current password'), 'old password');
    await userEvent.click(security.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.getState().auth.user?.email).toBe('ada.new@example.org'));
    expect(JSON.parse(api.history.put[0].data)).toEqual({ email: 'ada.new@example.org', currentPassword: 'old password' });
  });

  it('security changes the password alone; with no change at all it says what is missing', async () => {
    api.onPut(`/api/user/updateSecurity/${sampleUser._id}`).reply(200, { data: sampleUser });
    renderProfile();
    const security = within(section('Security'));
    await userEvent.click(security.getByRole('button', { name: 'Modify Security' }));
    await userEvent.click(security.getByRole('button', { name: 'Save' }));
    expect(await security.findByText('Required')).toBeInTheDocument();
    expect(security.getByLabelText('Current password')).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(security.getByText('Enter a new e-mail or a new password')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.type(security.getByLabelText('Current password'), 'old password');
    await userEvent.type(security.getByLabelText('New password'), 'a new password');
    await userEvent.click(security.getByRole('button', { name: 'Save' }));
    expect(await security.findByText('Required')).toBeInTheDocument();
    expect(security.getByLabelText('Confirm new password')).toHaveAccessibleDescription(expect.stringContaining('Required'));
    await userEvent.type(security.getByLabelText('Confirm new password'), 'a new password');
    await userEvent.click(security.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.history.put).toHaveLength(1));
    expect(JSON.parse(api.history.put[0].data)).toEqual({
      email: sampleUser.email,
      password: 'a new password',
      currentPassword: 'old password',
    });
  });

  it("lists the member's tickets, or says there are none", async () => {
    api.onGet('/api/payment/my-tickets').reply(200, {
      data: [
        {
          _id: 'b1',
          event: { _id: 'e1', title: 'Night of Worship', event_date: '2026-12-24T19:30:00.000Z', photo: '/media/event-1.svg' },
          quantity: 2,
          unitPrice: 10,
          amount: 20,
          status: 'paid',
          createdAt: '2026-11-01T00:00:00.000Z',
          expiresAt: '2026-11-01T00:15:00.000Z',
          paidAt: '2026-11-01T00:05:00.000Z',
        },
      ],
    });
    renderProfile();
    const tickets = within(await screen.findByRole('region', { name: '04 My tickets' }));
    expect(await tickets.findByRole('link', { name: 'Night of Worship' })).toHaveAttribute('href', '/events/e1');
    expect(tickets.getByText('2 tickets')).toBeInTheDocument();
    expect(tickets.getByText(/24 December 2026/)).toBeInTheDocument();
  });

  it('turns the "people prayed" e-mails off and on, and keeps the choice in the signed-in user', async () => {
    api.onPut('/api/prayers/mail').reply((config) => [200, { data: { prayerMail: JSON.parse(config.data).on } }]);
    const { store } = renderProfile();
    const community = within(screen.getByRole('region', { name: '05 Prayer wall and stories' }));
    const box = community.getByRole('checkbox', { name: /E-mail me when members pray for my requests/ });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(JSON.parse(api.history.put[0].data)).toEqual({ on: false });
    expect(store.getState().auth.user?.prayerMail).toBe(false);
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(community.getByRole('link', { name: 'My posts' })).toHaveAttribute('href', '/community/my-posts');
  });

  it('says so when there are no tickets yet', async () => {
    renderProfile();
    expect(await screen.findByText(/You have no tickets yet/)).toBeInTheDocument();
  });

  describe('photo modal', () => {
    const openModal = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Change your profile photo' }));
      return within(await screen.findByRole('dialog', { name: 'Profile Photo' }));
    };

    const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
    const png = (name: string) => new File([new Uint8Array(PNG)], name, { type: 'image/png' });

    it('choosing a file only marks an upload; Save Changes uploads it and closes', async () => {
      api
        .onPut(`/api/user/updatePhoto/${sampleUser._id}`)
        .reply(200, { data: { ...sampleUser, photo: '/media/uploads/new.webp' } });
      const { store } = renderProfile();
      const modal = await openModal();
      await userEvent.upload(modal.getByLabelText('Upload picture'), png('me.png'));
      expect(await modal.findByText(/New picture chosen: me.png/)).toBeInTheDocument();
      expect(api.history.put).toHaveLength(0);
      await userEvent.click(modal.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(store.getState().auth.user?.photo).toBe('/media/uploads/new.webp'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.history.put[0].data).toBeInstanceOf(FormData);
      expect((api.history.put[0].data as FormData).get('photo')).toBeInstanceOf(File);
    });

    it('a text file renamed .jpg is refused and never enters the preview', async () => {
      renderProfile();
      const modal = await openModal();
      const before = modal.queryAllByRole('img').map((img) => img.getAttribute('src'));
      const fake = new File(['just some words, not a picture'], 'holiday.jpg', { type: 'image/jpeg' });
      await userEvent.upload(modal.getByLabelText('Upload picture'), fake);
      expect(await modal.findByRole('alert')).toHaveTextContent('That file is not a picture we can use');
      expect(modal.queryByText(/New picture chosen/)).not.toBeInTheDocument();
      expect(modal.queryAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(before);
      expect(modal.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
      // A real picture afterwards is taken, and the refusal goes.
      await userEvent.upload(modal.getByLabelText('Upload picture'), png('me.png'));
      expect(await modal.findByText(/New picture chosen: me.png/)).toBeInTheDocument();
      expect(modal.queryByRole('alert')).not.toBeInTheDocument();
    });

    it("a picture the server refuses keeps the modal open with the server's reason, and leaves the preview", async () => {
      api.onPut(`/api/user/updatePhoto/${sampleUser._id}`).reply(400, {
        error: {
          code: 'bad_request',
          message: 'That file is not a picture we can use.',
          fields: { photo: 'That file is not a picture we can use.' },
        },
      });
      const { store } = renderProfile();
      const modal = await openModal();
      await userEvent.upload(modal.getByLabelText('Upload picture'), png('fake.png'));
      await modal.findByText(/New picture chosen: fake.png/);
      await userEvent.click(modal.getByRole('button', { name: 'Save Changes' }));
      expect(await modal.findByRole('alert')).toHaveTextContent('That file is not a picture we can use.');
      expect(screen.getByRole('dialog', { name: 'Profile Photo' })).toBeInTheDocument();
      expect(modal.queryByText(/New picture chosen/)).not.toBeInTheDocument();
      expect(store.getState().auth.user?.photo).toBe(sampleUser.photo);
    });

    it("Delete asks in the site's own dialog, never the browser's, and once confirmed deletes at once", async () => {
      const confirm = jest.spyOn(window, 'confirm');
      api.onPut(`/api/user/deletePhoto/${sampleUser._id}`).reply(200, { data: { ...sampleUser, photo: null } });
      const { store } = renderWithProviders(<AccountApp />, {
        route: '/profile',
        preloadedState: signedInState({ ...sampleUser, photo: '/media/uploads/old.webp' }),
      });
      const modal = await openModal();
      await userEvent.click(modal.getByRole('button', { name: 'Delete' }));
      expect(confirm).not.toHaveBeenCalled();
      expect(modal.getByRole('alertdialog', { name: DELETE_PROMPT })).toBeInTheDocument();
      expect(api.history.put).toHaveLength(0);
      await userEvent.click(modal.getByRole('button', { name: 'Yes, delete it' }));
      await waitFor(() => expect(store.getState().auth.user?.photo).toBeNull());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.history.put).toHaveLength(1);
      expect(await screen.findByText('Your photo was deleted.')).toBeInTheDocument();
      confirm.mockRestore();
    });

    it('Escape while the deletion is asked leaves the photo as it was, nothing pending', async () => {
      const { store } = renderWithProviders(<AccountApp />, {
        route: '/profile',
        preloadedState: signedInState({ ...sampleUser, photo: '/media/uploads/old.webp' }),
      });
      let modal = await openModal();
      await userEvent.click(modal.getByRole('button', { name: 'Delete' }));
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      modal = await openModal();
      expect(modal.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(modal.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
      expect(store.getState().auth.user?.photo).toBe('/media/uploads/old.webp');
      expect(api.history.put).toHaveLength(0);
    });

    it('"Keep it" leaves nothing pending', async () => {
      renderWithProviders(<AccountApp />, {
        route: '/profile',
        preloadedState: signedInState({ ...sampleUser, photo: '/media/uploads/old.webp' }),
      });
      const modal = await openModal();
      await userEvent.click(modal.getByRole('button', { name: 'Delete' }));
      await userEvent.click(modal.getByRole('button', { name: 'Keep it' }));
      expect(modal.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(modal.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    });
  });
});
