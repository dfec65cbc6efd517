import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders } from '@ministry/shared/testing';
import { ForgotPasswordModal } from './ForgotPasswordModal';

describe('ForgotPasswordModal', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = new MockAdapter(http);
  });
  afterEach(() => api.restore());

  const openModal = () => {
    renderWithProviders(<ForgotPasswordModal open onClose={() => undefined} />);
    return within(screen.getByRole('dialog', { name: 'Forgot your password?' }));
  };

  it("says 'Invalid email' under the field and sends nothing until the address is valid", async () => {
    api
      .onPut('/api/user/forgotpassword')
      .reply(200, { data: { ok: true, message: 'If an account uses this e-mail, we have sent it a link.' } });
    const modal = openModal();
    const email = modal.getByLabelText('Email');
    await userEvent.type(email, 'ada@example');
    await userEvent.click(modal.getByRole('button', { name: 'Send me a link' }));
    expect(await modal.findByText('Invalid email')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Invalid email'));
    expect(api.history.put).toHaveLength(0);

    await userEvent.type(email, '.org');
    await userEvent.click(modal.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('If an account uses this e-mail, we have sent it a link.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email')).not.toBeInTheDocument();
    expect(JSON.parse(api.history.put[0].data)).toEqual({ email: 'ada@example.org' });
  });

  it("says 'Required' when the field is left empty", async () => {
    const modal = openModal();
    await userEvent.click(modal.getByRole('button', { name: 'Send me a link' }));
    expect(await modal.findByText('Required')).toBeInTheDocument();
    expect(api.history.put).toHaveLength(0);
  });
});
