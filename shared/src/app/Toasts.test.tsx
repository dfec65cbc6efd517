import { act, render, screen } from '@testing-library/react';
import { createAppStore } from '@ministry/shared/store';
import { notify } from '@ministry/shared/ui';
import { AppProviders } from './AppProviders';

describe('Toasts', () => {
  it('puts the container on screen with the first notification of the UI kit, not before', async () => {
    const { store } = createAppStore({ persist: false });
    const { container } = render(
      <AppProviders store={store}>
        <p>A page</p>
      </AppProviders>,
    );
    expect(container.querySelector('.Toastify')).toBeNull();
    act(() => notify.error('We could not save your changes.'));
    expect(await screen.findByText('We could not save your changes.')).toBeInTheDocument();
  });
});
