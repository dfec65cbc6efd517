import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import type { StaffLocation } from '@ministry/shared/types';
import { CommunityApp } from '../../testing/CommunityApp';
import { locations } from '../../testing/fixtures';

const editor = signedInState({ ...sampleUser, role: 'editor' });
const staffLocations: StaffLocation[] = [
  { ...locations[0]!, memberCount: 12, upcomingEvents: 0 },
  { ...locations[1]!, memberCount: 0, upcomingEvents: 2 },
  { ...locations[0]!, _id: 'church-3', church_name: 'Hilltop Church', memberCount: 0, upcomingEvents: 0 },
];

// The forms are long: typing into them takes a while on a busy machine.
jest.setTimeout(20_000);

describe('the staff locations pages', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/admin/locations').reply(200, { data: staffLocations });
    api.onGet('/api/admin/locations/church-1').reply(200, { data: staffLocations[0] });
  });
  afterEach(() => api.restore());

  it('lists every location with its contacts, services, members and events ahead', async () => {
    renderWithProviders(<CommunityApp />, { route: '/admin/locations', preloadedState: editor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Locations' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Church locations' });
    const harbor = within(table).getByRole('row', { name: /Harbor Light Church/ });
    expect(harbor).toHaveTextContent('+1 302 555 0101');
    expect(harbor).toHaveTextContent('Sun 08:00 · English');
    expect(harbor).toHaveTextContent('Wed 19:00 · English');
    expect(
      within(harbor)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('12');
    expect(within(harbor).getByRole('link', { name: 'Harbor Light Church' })).toHaveAttribute(
      'href',
      '/admin/locations/church-1',
    );
    expect(screen.getByRole('link', { name: 'Add a location' })).toHaveAttribute('href', '/admin/locations/new');
  });

  it('adds a location: checks the fields first, then sends them and goes back to the list', async () => {
    api.onPost('/api/admin/locations').reply(201, { data: { ...staffLocations[2], church_name: 'Luminaries Riverside' } });
    renderWithProviders(<CommunityApp />, { route: '/admin/locations/new', preloadedState: editor });
    const form = await screen.findByRole('form', { name: 'New location' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add location' }));
    expect(await within(form).findAllByText('Required')).not.toHaveLength(0);
    expect(api.history.post).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Name'), 'Luminaries Riverside');
    await userEvent.type(within(form).getByLabelText('Address'), '8 Mill Lane, Newark, DE');
    await userEvent.type(within(form).getByLabelText('E-mail'), 'riverside@example.org');
    await userEvent.type(within(form).getByLabelText('Phone 1'), '+1 302 555 0199');
    await userEvent.type(within(form).getByLabelText('Latitude'), '39.68');
    await userEvent.click(within(form).getByRole('button', { name: 'Add location' }));
    expect(await within(form).findByText('Give both the latitude and the longitude, or neither')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Longitude'), '-75.75');

    await userEvent.click(within(form).getByRole('button', { name: 'Add a service' }));
    const second = within(form).getByRole('listitem', { name: 'Service 2' });
    await userEvent.type(within(second).getByLabelText('Service'), 'Evening Prayer');
    await userEvent.selectOptions(within(second).getByLabelText('Day'), 'Wednesday');
    await userEvent.type(within(second).getByLabelText('Time'), '19:30');
    await userEvent.selectOptions(within(form).getByLabelText("The church's clock"), 'Africa/Lagos');
    await userEvent.click(within(form).getByLabelText('Live stream address'));
    await userEvent.paste('https://example.org/live');
    await userEvent.click(within(form).getByRole('button', { name: 'Add location' }));
    expect(await within(form).findByText(/Give a YouTube or Vimeo address/)).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Live stream address'));
    await userEvent.paste('https://vimeo.com/event/1234567');
    await userEvent.click(within(form).getByRole('button', { name: 'Add location' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin\/locations$/));
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({
      church_name: 'Luminaries Riverside',
      adress: '8 Mill Lane, Newark, DE',
      email: 'riverside@example.org',
      main_contact: ['+1 302 555 0199'],
      serviceTimes: [
        { name: 'Sunday Service', weekday: 0, time: '10:00', language: 'English' },
        { name: 'Evening Prayer', weekday: 3, time: '19:30', language: 'English' },
      ],
      parking: '',
      latitude: 39.68,
      longitude: -75.75,
      timeZone: 'Africa/Lagos',
      liveStreamUrl: 'https://vimeo.com/event/1234567',
    });
    expect(await screen.findByText(/Luminaries Riverside is added/)).toBeInTheDocument();
  });

  it("edits a location, and shows the server's reasons under the fields", async () => {
    api
      .onPut('/api/admin/locations/church-1')
      .replyOnce(400, {
        error: {
          code: 'bad_request',
          message: 'Invalid email',
          fields: { email: 'Invalid email', 'serviceTimes[1].time': 'A time such as 10:30' },
        },
      })
      .onPut('/api/admin/locations/church-1')
      .reply(200, { data: staffLocations[0] });
    renderWithProviders(<CommunityApp />, { route: '/admin/locations/church-1', preloadedState: editor });
    const form = await screen.findByRole('form', { name: 'Edit Harbor Light Church' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Harbor Light Church');
    expect(within(form).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(form).getByRole('button', { name: 'Remove service 3' }));
    fireEvent.change(within(form).getByLabelText('Parking'), { target: { value: '' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByText('Invalid email')).toBeInTheDocument();
    expect(
      within(within(form).getByRole('listitem', { name: 'Service 2' })).getByText('A time such as 10:30'),
    ).toBeInTheDocument();
    const sent = JSON.parse(api.history.put[0]!.data);
    expect(sent.serviceTimes).toHaveLength(2);
    expect(sent.parking).toBe('');
    expect(sent.latitude).toBe(39.7391);

    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin\/locations$/));
  });

  it('removes a location that members chose only with the church they move to', async () => {
    api.onDelete('/api/admin/locations/church-1').reply(200, { data: { removed: true, moved: 12 } });
    renderWithProviders(<CommunityApp />, { route: '/admin/locations', preloadedState: editor });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Harbor Light Church' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Harbor Light Church?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove location' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the church its members move to.');
    expect(api.history.delete).toHaveLength(0);

    await userEvent.selectOptions(
      within(dialog).getByLabelText('12 members have chosen it as their church. Move them to'),
      'Hilltop Church',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove location' }));
    expect(await screen.findByText('Harbor Light Church is removed; 12 members moved.')).toBeInTheDocument();
    expect(api.history.delete[0]!.params).toEqual({ moveMembersTo: 'church-3' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.history.get.filter((r) => r.url === '/api/admin/locations')).toHaveLength(2));
  });

  it("shows the server's refusal, and will not remove a location where events ahead are held", async () => {
    api
      .onDelete('/api/admin/locations/church-3')
      .reply(409, { error: { code: 'location_in_use', message: '1 member has chosen Hilltop Church as their church.' } });
    renderWithProviders(<CommunityApp />, { route: '/admin/locations', preloadedState: editor });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Hilltop Church' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove Hilltop Church?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove location' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('1 member has chosen Hilltop Church as their church.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Riverside Church' }));
    dialog = screen.getByRole('dialog', { name: 'Remove Riverside Church?' });
    expect(dialog).toHaveTextContent('2 events ahead take place here.');
    expect(within(dialog).queryByRole('button', { name: 'Remove location' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the events page' })).toHaveAttribute('href', '/admin/events');
  });
});
