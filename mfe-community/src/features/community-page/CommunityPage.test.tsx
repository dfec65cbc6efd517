import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { renderWithProviders, sampleUser, signedInState } from '@ministry/shared/testing';
import { CommunityApp } from '../../testing/CommunityApp';
import { mockCommunityApi } from '../../testing/mockCommunityApi';

describe('CommunityPage', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = mockCommunityApi();
  });
  afterEach(() => api.restore());

  const tab = (name: string) => screen.getByRole('tab', { name });
  /** Waits for the lists the page loads first (the prayer wall and the news). */
  const loaded = async () => {
    await screen.findByText('Pray for my mother, who has surgery on Thursday.');
    await screen.findByRole('link', { name: 'News item 1' });
  };

  it('opens on the Prayer Wall and switches tabs in place', async () => {
    renderWithProviders(<CommunityApp />, { route: '/community' });
    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(tab('Prayer Wall')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Pray for my mother, who has surgery on Thursday.')).toBeInTheDocument();

    await userEvent.click(tab('Share Your Story'));
    expect(tab('Share Your Story')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Prayer Wall')).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByRole('heading', { name: 'Best stories' })).toBeInTheDocument();
    expect(screen.queryByText('Pray for my mother, who has surgery on Thursday.')).not.toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/community?tab=story');

    await userEvent.click(tab('Locations'));
    expect(await screen.findByText('Harbor Light Church')).toBeVisible();
    expect(screen.getAllByRole('link', { name: /Open in a map/ })[0]).toHaveAttribute(
      'href',
      expect.stringContaining('google.com/maps'),
    );
    expect(screen.getByRole('heading', { name: 'Best stories', hidden: true })).not.toBeVisible();

    await userEvent.click(tab('Prayer Wall'));
    expect(screen.getByText('Pray for my mother, who has surgery on Thursday.')).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/community$/);
    // Each list was loaded once: switching back does not load it again.
    expect(api.history.get.filter((r) => r.url === '/api/prayers/')).toHaveLength(1);
  });

  it('moves between tabs with the arrow keys', async () => {
    renderWithProviders(<CommunityApp />, { route: '/community' });
    await loaded();
    tab('Prayer Wall').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Share Your Story')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Share Your Story')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tab('Locations')).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the tab named in ?tab=', async () => {
    renderWithProviders(<CommunityApp />, { route: '/community?tab=location' });
    expect(tab('Locations')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Harbor Light Church')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'News item 1' });
  });

  it('signed out: a link to /login in place of the post boxes, and no like or comment controls', async () => {
    renderWithProviders(<CommunityApp />, { route: '/community' });
    await screen.findByText('Pray for my mother, who has surgery on Thursday.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fcommunity');

    await userEvent.click(tab('Share Your Story'));
    const panel = screen.getByRole('tabpanel');
    const story = await within(panel).findByRole('article', { name: 'Story by David Okafor' });
    expect(within(story).getByText('3 likes')).toBeInTheDocument();
    expect(within(story).getByText('Praise God!')).toBeInTheDocument();
    expect(within(story).queryByRole('button', { name: /^Liked?$/ })).not.toBeInTheDocument();
    expect(within(story).queryByRole('button', { name: 'Comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Log in' }).map((a) => a.getAttribute('href'));
    expect(links).toContain('/login?next=%2Fcommunity%3Ftab%3Dstory');
  });

  it('signed in: post boxes on the prayer and story tabs, like and comment controls on stories', async () => {
    renderWithProviders(<CommunityApp />, { route: '/community', preloadedState: signedInState() });
    expect(screen.getByLabelText('Your prayer request')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();

    await userEvent.click(tab('Share Your Story'));
    expect(screen.getByLabelText('Your story')).toBeInTheDocument();
    const story = await screen.findByRole('article', { name: 'Story by David Okafor' });
    expect(within(story).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(story).getByRole('button', { name: 'Comment' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Moderate posts' })).not.toBeInTheDocument();
    await loaded();
  });

  it.each(['editor', 'admin'] as const)('offers the staff (an %s) the moderation page', async (role) => {
    renderWithProviders(<CommunityApp />, { route: '/community', preloadedState: signedInState({ ...sampleUser, role }) });
    expect(screen.getByRole('link', { name: 'Moderate posts' })).toHaveAttribute('href', '/admin/moderation');
    await loaded();
  });

  it('has a news section that links to /news', async () => {
    renderWithProviders(<CommunityApp />, { route: '/community' });
    const section = screen.getByRole('region', { name: 'News from the church' });
    expect(within(section).getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
    expect(await within(section).findByRole('link', { name: 'News item 1' })).toHaveAttribute('href', '/news?item=news-1');
    expect(within(section).queryByText('News item 4')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when a list cannot load', async () => {
    api.restore();
    api = mockCommunityApi((first) => first.onGet('/api/prayers/').replyOnce(500, {}));
    renderWithProviders(<CommunityApp />, { route: '/community' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the prayer wall");
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Pray for my mother, who has surgery on Thursday.')).toBeInTheDocument();
  });
});
