import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { Header } from './Header';
import { supportPopovers } from './popoverSupport';

// jsdom knows no popovers: it gets the polyfill, as such a browser does. Its selector engine does not match the
// polyfill's own rule for an open popover (`:where(... .\\:popover-open)`): the same rule, written so it can.
beforeAll(async () => {
  await supportPopovers();
  const shown = document.createElement('style');
  shown.textContent = '[popover][class~=":popover-open"] { display: block; }';
  document.head.append(shown);
});
// A drawer a test leaves open is closed before the next test: the polyfill keeps the open ones in a list of its own.
afterEach(() => document.querySelectorAll<HTMLElement>(':popover-open').forEach((open) => open.hidePopover()));

const desktopLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Header', () => {
  it('signed out: the page links with Daily Devotion, LOGIN and SIGN UP', () => {
    renderWithProviders(<Header />);
    expect(desktopLinks()).toEqual([
      'HOME',
      'ABOUT',
      'COMMUNITY',
      'EVENTS',
      'NEWS',
      'DAILY DEVOTION',
      'OFFERING',
      'LOGIN',
      'SIGN UP',
    ]);
    expect(screen.getByRole('link', { name: 'DAILY DEVOTION' })).toHaveAttribute('href', '/daily-devotion');
    expect(screen.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'SIGN UP' })).toHaveAttribute('href', '/signup/0');
    expect(screen.getByRole('combobox', { name: 'Translate this page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ada/ })).not.toBeInTheDocument();
  });

  it('signed in: a user menu with Profile and Logout instead of LOGIN / SIGN UP', async () => {
    renderWithProviders(<Header />, { preloadedState: signedInState() });
    expect(screen.queryByRole('link', { name: 'LOGIN' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Ada/ }));
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'My tickets' })).toHaveAttribute('href', '/my-tickets');
    expect(screen.getByRole('link', { name: 'My giving' })).toHaveAttribute('href', '/my-giving');
    expect(screen.getByRole('link', { name: 'My groups' })).toHaveAttribute('href', '/my-groups');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('the mobile drawer writes every item in title case, adds the calendar, with Login / Sign Up when signed out', async () => {
    renderWithProviders(<Header />);
    await userEvent.click(screen.getByLabelText('Open menu'));
    const drawer = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(drawer.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Home',
      'About',
      'Community',
      'Groups',
      'Events',
      'News',
      'Daily Devotion',
      'Offering',
      'Calendar',
      'Login',
      'Sign Up',
    ]);
    expect(drawer.getByRole('link', { name: 'Daily Devotion' })).toHaveAttribute('href', '/daily-devotion');
    expect(drawer.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar');
    expect(drawer.getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/groups');
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('the mobile drawer is a popover its buttons open and close, and a link of it closes it on the new page', async () => {
    renderWithProviders(<Header />);
    const menuButton = screen.getByLabelText('Open menu');
    // The browser opens it from the server's HTML, before the page's scripts run.
    expect(menuButton).toHaveAttribute('popovertarget', 'mobile-drawer');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    await userEvent.click(menuButton);
    const drawer = screen.getByRole('navigation', { name: 'Mobile' });
    expect(drawer).toHaveAttribute('id', 'mobile-drawer');
    expect(drawer).toHaveAttribute('popover', 'auto');
    await userEvent.click(within(drawer).getByRole('link', { name: 'About' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument());
  });

  it('the mobile drawer shows Profile and Logout when signed in', async () => {
    renderWithProviders(<Header />, { preloadedState: signedInState() });
    await userEvent.click(screen.getByLabelText('Open menu'));
    const drawer = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(drawer.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'My Tickets' })).toHaveAttribute('href', '/my-tickets');
    expect(drawer.getByRole('link', { name: 'My Giving' })).toHaveAttribute('href', '/my-giving');
    expect(drawer.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(drawer.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('the open drawer keeps the focus: Tab wraps from its last item to its first and back, Escape closes it', async () => {
    renderWithProviders(
      <>
        <Header />
        <a href="/behind">A link on the page behind</a>
      </>,
    );
    const menuButton = screen.getByLabelText('Open menu');
    await userEvent.click(menuButton);
    const drawer = screen.getByRole('navigation', { name: 'Mobile' });
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    // The focus moves in once the open drawer is painted.
    await waitFor(() => expect(close).toHaveFocus());

    // Tab through every item: the focus never leaves the drawer, and the last one leads back to the first.
    const focusables = Array.from(drawer.querySelectorAll<HTMLElement>('a[href], button, input, select, [tabindex="0"]'));
    for (let i = 1; i < focusables.length; i++) {
      await userEvent.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    expect(focusables[focusables.length - 1]).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    expect(screen.getByRole('link', { name: 'A link on the page behind' })).not.toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(focusables[focusables.length - 1]).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('Logout ends the session on the server and signs the client out', async () => {
    const api = new MockAdapter(http);
    api.onDelete('/api/user/logout').reply(204);
    const { store } = renderWithProviders(<Header />, { preloadedState: signedInState(sampleUser) });
    await userEvent.click(screen.getByRole('button', { name: /Ada/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(api.history.delete).toHaveLength(1);
    expect(store.getState().auth.isAuth).toBe(false);
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toBeInTheDocument();
    api.restore();
  });
});
