import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import type { ChurchLocation } from '@ministry/shared/types';
import { sampleStaffEvent } from '../../testing/fixtures';
import { EventFormPage } from './EventFormPage';

const church: ChurchLocation = {
  _id: 'church-dover',
  church_name: 'Luminaries Dover',
  adress: '1 Main Street, Dover, DE',
  main_contact: [],
  email: 'dover@example.org',
  serviceTimes: [],
  parking: null,
  map: null,
};
const uploaded = '/media/uploads/img-0a1b2c3d-0000-4000-8000-000000000000-1280x720.jpg';

function renderAt(path: string, role: 'editor' | 'admin' = 'editor') {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/events/new" element={<EventFormPage />} />
      <Route path="/admin/events/:id" element={<EventFormPage />} />
    </Routes>,
    { route: path, preloadedState: signedInState({ ...sampleUser, role }) },
  );
}

describe('EventFormPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    api.onGet('/api/locations').reply(200, { data: [church] });
  });
  afterEach(() => api.restore());

  it('says under each field what is missing before anything is sent', async () => {
    renderAt('/admin/events/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Give the event a title')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Describe the event')).toBeInTheDocument();
    expect(screen.getByText('Choose a church or give an address')).toBeInTheDocument();
    expect(screen.getByText('Add a photo')).toBeInTheDocument();
    expect(screen.getByText(/Enter a price from \$1/)).toBeInTheDocument();
    expect(screen.getByText(/Enter a number of seats/)).toBeInTheDocument();
    expect(api.history.post).toHaveLength(0);
  });

  it('creates an event at a church with an uploaded photo, then opens it', async () => {
    api.onPost('/api/admin/images').reply(200, { data: { src: uploaded, width: 1280, height: 720 } });
    const created = sampleStaffEvent({ _id: '44444444-4444-4444-8444-444444444444', title: 'Night of Praise' });
    api.onPost('/api/admin/events').reply(201, { data: created });
    api.onGet(`/api/admin/events/${created._id}`).reply(200, { data: created });
    renderAt('/admin/events/new');
    await userEvent.type(await screen.findByLabelText('Title'), 'Night of Praise');
    await userEvent.type(screen.getByLabelText('Description'), 'Songs and prayer.');
    await userEvent.type(screen.getByLabelText('Date'), '2030-11-20');
    await userEvent.clear(screen.getByLabelText('Time'));
    await userEvent.type(screen.getByLabelText('Time'), '19:30');
    await userEvent.selectOptions(screen.getByLabelText('Where'), 'Luminaries Dover');
    await userEvent.type(screen.getByLabelText('Category'), '  Worship ');
    await userEvent.upload(screen.getByLabelText('Photo'), new File(['photo'], 'praise.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(document.querySelector('picture source[type="image/webp"]')).not.toBeNull());
    await userEvent.type(screen.getByLabelText('Price per ticket (USD)'), '15');
    await userEvent.type(screen.getByLabelText('Seats'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));

    // The new event's own page opens.
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit: Night of Praise' })).toBeInTheDocument();
    expect(api.history.get.some((r) => r.url === `/api/admin/events/${created._id}`)).toBe(true);
    const sent = JSON.parse(api.history.post.find((r) => r.url === '/api/admin/events')!.data as string);
    expect(sent).toEqual({
      title: 'Night of Praise',
      description: 'Songs and prayer.',
      date: '2030-11-20',
      time: '19:30',
      durationMinutes: null,
      category: 'Worship',
      place: 'church',
      churchId: 'church-dover',
      address: null,
      photo: uploaded,
      price: 15,
      seats: 10,
    });
  });

  it('shows the server’s refusal of fewer seats than are taken under the Seats field', async () => {
    const event = sampleStaffEvent();
    api.onGet(`/api/admin/events/${event._id}`).reply(200, { data: event });
    api.onPut(`/api/admin/events/${event._id}`).reply(400, {
      error: {
        code: 'bad_request',
        message: '5 seats are already sold or held: the event needs at least 5.',
        fields: { seats: '5 seats are already sold or held: the event needs at least 5.' },
      },
    });
    renderAt(`/admin/events/${event._id}`);
    const seats = await screen.findByLabelText('Seats');
    expect(seats).toHaveValue(10);
    expect(screen.getByText('3 sold · 2 held of 10: at least 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('12 Orchard Lane, Dover, DE');
    await userEvent.clear(seats);
    await userEvent.type(seats, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('5 seats are already sold or held: the event needs at least 5.')).toBeInTheDocument();
    expect(seats).toHaveAttribute('aria-invalid', 'true');
    expect(JSON.parse(api.history.put[0]!.data as string)).toMatchObject({
      seats: 4,
      place: 'address',
      address: '12 Orchard Lane, Dover, DE',
      churchId: null,
    });
  });

  it('Free event: the price is 0 (no price field to fill), and a free event opens with it ticked', async () => {
    const event = sampleStaffEvent();
    api.onGet(`/api/admin/events/${event._id}`).reply(200, { data: event });
    api.onPut(`/api/admin/events/${event._id}`).reply(200, { data: { ...event, price: 0 } });
    renderAt(`/admin/events/${event._id}`);
    const free = await screen.findByRole('checkbox', { name: /Free event/ });
    expect(free).not.toBeChecked();
    await userEvent.clear(screen.getByLabelText('Price per ticket (USD)'));
    await userEvent.click(free);
    expect(screen.queryByLabelText('Price per ticket (USD)')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Price per ticket')).toHaveValue('Free');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.history.put).toHaveLength(1));
    expect(JSON.parse(api.history.put[0]!.data as string)).toMatchObject({ price: 0 });
    expect(await screen.findByRole('checkbox', { name: /Free event/ })).toBeChecked();
  });

  it('an editor cannot cancel; an admin cancels after confirming in the site’s dialog', async () => {
    const event = sampleStaffEvent();
    api.onGet(`/api/admin/events/${event._id}`).reply(200, { data: event });
    const { unmount } = renderAt(`/admin/events/${event._id}`, 'editor');
    await screen.findByLabelText('Seats');
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
    unmount();

    const cancelled = { ...event, cancelledAt: '2030-09-01T10:00:00.000Z', seatsSold: 0, seatsHeld: 0 };
    api
      .onPost(`/api/admin/events/${event._id}/cancel`)
      .reply(200, { data: { event: cancelled, refunded: 2, refundsPending: 0, notified: 2, finished: true } });
    renderAt(`/admin/events/${event._id}`, 'admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel event' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel "Harvest Thanksgiving"?' }));
    expect(dialog.getByText(/Its 2 paid bookings will be refunded in full/)).toBeInTheDocument();
    expect(dialog.getByText('This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep the event' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.history.post).toHaveLength(0);

    api.onGet(`/api/admin/events/${event._id}`).reply(200, { data: cancelled });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the event' }));
    expect(await screen.findByText(/This event was cancelled on/)).toBeInTheDocument();
    expect(api.history.post.filter((r) => r.url === `/api/admin/events/${event._id}/cancel`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Seats')).toBeDisabled();
  });
});
