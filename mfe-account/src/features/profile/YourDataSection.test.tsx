import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Route, Routes, useLocation } from 'react-router-dom';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { YourDataSection } from './YourDataSection';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderSection = () =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<YourDataSection user={sampleUser} />} />
      </Routes>
      <Where />
    </>,
    { route: '/profile', preloadedState: signedInState() },
  );

describe('YourDataSection', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
    URL.createObjectURL = jest.fn(() => 'blob:my-data');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => api.restore());

  it('downloads the ZIP of my data as a file', async () => {
    api.onGet('/api/user/export').reply(200, new Blob(['zip bytes'], { type: 'application/zip' }));
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const link = clicked.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(link.href).toBe('blob:my-data');
    expect(api.history.get[0]!.responseType).toBe('blob');
    clicked.mockRestore();
  });

  it('says so when the hourly downloads are used up', async () => {
    api.onGet('/api/user/export').reply(429, new Blob(['{}']));
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(/downloaded your data several times in the last hour/)).toBeInTheDocument();
  });

  it('says what deletion does, asks for the password, and signs out once the account is deleted', async () => {
    const { store } = renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    for (const said of [
      /signed out everywhere, and your photo is deleted/,
      /future tickets are cancelled and refunded/,
      /past gifts stay/,
      /newsletter subscription ends/,
    ]) {
      expect(dialog.getByText(said)).toBeInTheDocument();
    }
    // Nothing typed: asked for first, nothing sent.
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(dialog.getByLabelText('Your password')).toHaveAccessibleDescription('Please type your password.');
    expect(api.history.delete).toHaveLength(0);

    const message = 'Your password is not correct.';
    api.onDelete('/api/user/me').replyOnce(400, { error: { code: 'bad_request', message, fields: { password: message } } });
    await userEvent.click(dialog.getByLabelText('Delete them'));
    await userEvent.type(dialog.getByLabelText('Your password'), 'wrong one');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(JSON.parse(api.history.delete[0]!.data)).toEqual({ password: 'wrong one', posts: 'delete' });
    expect(store.getState().auth.isAuth).toBe(true);

    api.onDelete('/api/user/me').reply(200, { data: { ok: true, message: 'Your account is deleted.' } });
    await userEvent.clear(dialog.getByLabelText('Your password'));
    await userEvent.type(dialog.getByLabelText('Your password'), 'right one');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    // The move home is a navigation React may finish after the sign-out it comes with.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('Your account is deleted.')).toBeInTheDocument();
  });

  it('takes a one-time code mailed to the member instead of a password', async () => {
    api.onPost('/api/user/code').reply(200, { data: { ok: true, message: 'sent' } });
    api.onDelete('/api/user/me').reply(200, { data: { ok: true, message: 'Your account is deleted.' } });
    const { store } = renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    await userEvent.click(dialog.getByRole('button', { name: /E-mail me a code instead/ }));
    expect(JSON.parse(api.history.post[0]!.data)).toEqual({ email: sampleUser.email });
    await userEvent.type(await dialog.findByLabelText('Code from the e-mail'), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(JSON.parse(api.history.delete[0]!.data)).toEqual({ code: '123456', posts: 'anonymous' });
  });
});
