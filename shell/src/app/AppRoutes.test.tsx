import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@ministry/shared/testing';
import type { RuntimeConfig, SitePage } from '@ministry/shared/config';
import { AppRoutes } from './AppRoutes';
import { SiteConfigProvider } from '../features/remotes/siteConfig';
import { loadRemoteModule } from '../features/remotes/remoteLoader';

jest.mock('../features/remotes/remoteLoader', () => ({ loadRemoteModule: jest.fn(), forgetRemote: jest.fn() }));
jest.mock('../features/header/Header', () => ({ Header: () => <header>site header</header> }));
jest.mock('../features/footer/Footer', () => ({ Footer: () => <footer>site footer</footer> }));
jest.mock('../features/home/HomePage', () => ({ HomePage: () => <p>home page</p> }));

const page = (path: string, app: string, extra: Partial<SitePage> = {}): SitePage => ({
  path,
  app,
  title: path,
  layout: 'main',
  signedIn: false,
  ssr: true,
  ...extra,
});

/** Pages as the releases declare them: a new page of a remote routes without a new shell. */
const config: RuntimeConfig = {
  remotes: {
    mfe_giving: '/remotes/mfe-giving/r2/browser/mf-manifest.json',
    mfe_account: '/remotes/mfe-account/r1/browser/mf-manifest.json',
  },
  labels: { mfe_giving: 'the giving pages', mfe_account: 'the account pages' },
  pages: [
    page('/', 'shell', { title: 'Home' }),
    page('/events', 'mfe_giving', { title: 'Events' }),
    page('/giving/brand-new', 'mfe_giving', { title: 'A brand new page' }),
    page('/login', 'mfe_account', { layout: 'auth', title: 'Login', ssr: false }),
    page('/profile', 'mfe_account', { signedIn: true, title: 'Profile', ssr: false }),
    page('/admin/events', 'mfe_giving', { signedIn: true, ssr: false, staff: 'editor', title: 'Events' }),
    page('/admin/donations', 'mfe_giving', { signedIn: true, ssr: false, staff: 'admin', title: 'Donations' }),
    page('/admin/events/:id/attendees', 'mfe_giving', { signedIn: true, ssr: false, staff: 'editor', title: 'Attendees' }),
  ],
  apiBase: '',
};

const load = loadRemoteModule as jest.Mock;

function renderAt(route: string, role?: 'member' | 'editor' | 'admin') {
  const preloadedState = role
    ? {
        auth: {
          user: { _id: 'u1', firstname: 'Ada', lastname: 'Staff', email: 'ada@example.org', role },
          isAuth: true,
          isLoad: false,
          error: null,
        },
      }
    : undefined;
  return renderWithProviders(
    <SiteConfigProvider config={config}>
      <AppRoutes />
    </SiteConfigProvider>,
    { route, preloadedState: preloadedState as never },
  );
}

describe('AppRoutes', () => {
  beforeEach(() => {
    load.mockReset();
    load.mockImplementation(async (remote: string) => ({ default: () => <p>{remote} renders its page</p> }));
  });

  it("renders a remote's page, declared in its release, in the main layout with its title", async () => {
    renderAt('/giving/brand-new');
    expect(await screen.findByText('mfe_giving renders its page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mfe_giving', 'routes');
    expect(screen.getByText('site header')).toBeInTheDocument();
    expect(document.title).toMatch(/^A brand new page \| /);
  });

  it('renders the auth layout without header or footer', async () => {
    renderAt('/login');
    expect(await screen.findByText('mfe_account renders its page')).toBeInTheDocument();
    expect(screen.queryByText('site header')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login from a signed-in page', async () => {
    renderAt('/profile');
    // The login page: the auth layout, not the profile's main layout.
    expect(await screen.findByText('mfe_account renders its page')).toBeInTheDocument();
    expect(screen.queryByText('site header')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Login \| /);
  });

  it("renders the shell's own home page", () => {
    renderAt('/');
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('shows the not-found page for a path no app declares', () => {
    renderAt('/giving/nowhere');
    expect(screen.getByRole('heading', { name: /not found/i })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('renders a staff page for an editor, under the bar of the staff pages an editor may open', async () => {
    renderAt('/admin/events', 'editor');
    expect(await screen.findByText('mfe_giving renders its page')).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Staff pages' });
    expect(within(bar).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).queryByRole('link', { name: 'Donations' })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: 'Attendees' })).not.toBeInTheDocument();
  });

  it('shows a member the not-found page for a staff page', () => {
    renderAt('/admin/events', 'member');
    expect(screen.getByRole('heading', { name: /not found/i })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it("tells an editor that an admin's page is for admins, under the staff bar", () => {
    renderAt('/admin/donations', 'editor');
    expect(screen.getByRole('heading', { level: 1, name: 'This page is for admins' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /not found/i })).not.toBeInTheDocument();
    expect(screen.getByText(/Donations is open to the admins of the site only/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Staff pages' })).getByRole('link', { name: 'Events' }),
    ).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('opens an admin page for an admin', async () => {
    renderAt('/admin/donations', 'admin');
    expect(await screen.findByText('mfe_giving renders its page')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Staff pages' })).getByRole('link', { name: 'Donations' }),
    ).toBeInTheDocument();
  });
});
