import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { CheckInPage } from './CheckInPage';

// The camera's frames hold this ticket's QR code (jsQR reads them where the browser has no BarcodeDetector).
jest.mock('jsqr', () => ({ __esModule: true, default: () => ({ data: 'QRCDE-FGHJK-MNPQR-STVWX' }) }));

const staff = signedInState({ ...sampleUser, role: 'editor' });
const eventId = '11111111-1111-4111-8111-111111111111';
const url = `/api/admin/events/${eventId}/check-in`;

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/admin/events/:id/check-in" element={<CheckInPage />} />
    </Routes>,
    { route: `/admin/events/${eventId}/check-in`, preloadedState: staff },
  );
}

describe('CheckInPage', () => {
  let api: MockAdapter;
  beforeEach(() => (api = new MockAdapter(http)));
  afterEach(() => api.restore());

  it('checks one ticket of a booking in, then says a second scan was already checked in (when and by whom), with the counts', async () => {
    api.onGet(url).reply(200, { data: { checkedIn: 0, sold: 3 } });
    const ticket = {
      name: 'Ruth Mensah',
      quantity: 2,
      checkedInAt: '2030-01-29T19:05:00.000Z',
      checkedInBy: 'Door Keeper',
      position: 2,
      code: 'ABCDE-FGHJK-MNPQR-STVWX',
      reference: 'A1B2C3D4',
    };
    api
      .onPost(url, { code: 'abcde-fghjk-mnpqr-stvwx' })
      .replyOnce(200, { data: { outcome: 'checked_in', ticket, counts: { checkedIn: 1, sold: 3 } } })
      .onPost(url)
      .replyOnce(200, { data: { outcome: 'already', ticket, counts: { checkedIn: 1, sold: 3 } } });
    renderPage();
    expect(await screen.findByText('0 checked in / 3 tickets')).toBeInTheDocument();
    const field = screen.getByLabelText('Ticket code');
    await userEvent.type(field, 'abcde-fghjk-mnpqr-stvwx');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Welcome! Checked in');
    expect(screen.getByRole('status')).toHaveTextContent('Ruth Mensah · ticket 2 of 2 · booking A1B2C3D4');
    expect(screen.getByText('1 checked in / 3 tickets')).toBeInTheDocument();
    expect(field).toHaveValue('');

    await userEvent.type(field, 'ABCDE FGHJK MNPQR STVWX');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Already checked in at \d{2}:\d{2} (AM|PM)/);
    expect(alert).toHaveTextContent(/ticket 2 of 2 · booking A1B2C3D4 · on 29 January 2030 by Door Keeper\./);
  });

  it('never fails silently: the server’s reason, or the lost connection, is shown', async () => {
    api.onGet(url).reply(200, { data: { checkedIn: 0, sold: 1 } });
    api
      .onPost(url)
      .replyOnce(404, {
        error: {
          code: 'unknown_ticket',
          message: 'No ticket has this code. Check the code, or ask for the confirmation e-mail.',
        },
      })
      .onPost(url)
      .networkErrorOnce();
    renderPage();
    await userEvent.type(screen.getByLabelText('Ticket code'), '00000-00000-00000-00000');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not checked inNo ticket has this code.');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(/We could not reach the server/)).toBeInTheDocument();
    expect(screen.getByLabelText('Ticket code')).toHaveValue('00000-00000-00000-00000');
  });

  it('without the browser’s own QR detection, reads the camera’s frames and checks the ticket in', async () => {
    const stop = jest.fn();
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: jest.fn().mockResolvedValue({ getTracks: () => [{ stop }] }) },
    });
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    jest.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    jest.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: () => {},
      getImageData: () => ({ data: new Uint8ClampedArray(640 * 480 * 4) }),
    } as unknown as CanvasRenderingContext2D);
    api.onGet(url).reply(200, { data: { checkedIn: 0, sold: 1 } });
    const ticket = {
      name: 'Ruth Mensah',
      quantity: 1,
      checkedInAt: '2030-01-29T19:05:00.000Z',
      checkedInBy: 'Door Keeper',
      position: 1,
      code: 'QRCDE-FGHJK-MNPQR-STVWX',
      reference: 'A1B2C3D4',
    };
    api
      .onPost(url, { code: 'QRCDE-FGHJK-MNPQR-STVWX' })
      .replyOnce(200, { data: { outcome: 'checked_in', ticket, counts: { checkedIn: 1, sold: 1 } } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Welcome! Checked in');
    await userEvent.click(screen.getByRole('button', { name: 'Stop the camera' }));
    expect(stop).toHaveBeenCalled();
    jest.restoreAllMocks();
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });
});
