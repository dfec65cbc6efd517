import { act, render, screen, waitFor } from '@testing-library/react';
import { toast, ToastContainer } from 'react-toastify';
import { notify } from './notify';

describe('notify', () => {
  it('shows one toast for the same message however often it is asked for', async () => {
    render(<ToastContainer />);
    act(() => {
      notify.error('Oops, there is a problem, please try again later.');
      notify.error('Oops, there is a problem, please try again later.');
      notify.error('Oops, there is a problem, please try again later.');
    });
    await screen.findByText('Oops, there is a problem, please try again later.');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('Oops, there is a problem, please try again later.')).toHaveLength(1);
  });

  it('a success closes the error it made stale', async () => {
    render(<ToastContainer />);
    act(() => notify.error('We could not save your changes.'));
    await screen.findByText('We could not save your changes.');
    act(() => notify.success('Your changes are saved.'));
    await screen.findByText('Your changes are saved.');
    // Closing plays an exit animation that jsdom never ends; the toast is no longer active.
    await waitFor(() => expect(toast.isActive('error:We could not save your changes.')).toBe(false));
    expect(toast.isActive('success:Your changes are saved.')).toBe(true);
  });
});
