import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { renderWithProviders } from '@ministry/shared/testing';
import { CommunityApp } from '../../testing/CommunityApp';
import { pageOf, prayers, story } from '../../testing/fixtures';
import { mockCommunityApi } from '../../testing/mockCommunityApi';

const oldestPrayer = { ...prayers[0]!, _id: 'prayer-oldest', text: 'The oldest prayer of the wall.' };

describe('the prayer wall and the stories, a page at a time', () => {
  let api: MockAdapter;
  afterEach(() => api.restore());

  const pagesNav = (label: string) => screen.getByRole('navigation', { name: label });

  it('shows the page of prayers the address asks for, with links to the others as real addresses', async () => {
    api = mockCommunityApi((first) => {
      first.onGet('/api/prayers/', { params: { page: 5 } }).reply(200, pageOf([oldestPrayer], 5, 5));
      first.onGet('/api/prayers/', { params: { page: 4 } }).reply(200, pageOf(prayers, 4, 5));
    });
    renderWithProviders(<CommunityApp />, { route: '/community?page=5' });
    expect(await screen.findByText('The oldest prayer of the wall.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prayer requests · page 5' })).toBeInTheDocument();
    const nav = pagesNav('Pages of prayer requests');
    expect(within(nav).getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/community');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/community?page=4');
    expect(within(nav).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    // "I prayed" brings a visitor back to this page of the wall after logging in.
    expect(screen.getByRole('link', { name: /I prayed/ })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/community?page=5#prayer-prayer-oldest')}`,
    );

    await userEvent.click(within(nav).getByRole('link', { name: 'Previous' }));
    expect(await screen.findByText('Pray for my mother, who has surgery on Thursday.')).toBeInTheDocument();
    expect(screen.queryByText('The oldest prayer of the wall.')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/community?page=4');
  });

  it('a link to one prayer opens the page of the wall that holds it; one that is gone says so and opens the first', async () => {
    api = mockCommunityApi((first) => {
      first.onGet('/api/prayers/prayer-oldest/page').reply(200, { data: { page: 5 } });
      first.onGet('/api/prayers/gone/page').reply(404, { error: { code: 'not_found', message: 'That prayer was not found' } });
      first.onGet('/api/prayers/', { params: { page: 5 } }).reply(200, pageOf([oldestPrayer], 5, 5));
    });
    renderWithProviders(<CommunityApp />, { route: '/community?prayer=prayer-oldest' });
    expect(await screen.findByText('The oldest prayer of the wall.')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/community?page=5');
    api.restore();

    api = mockCommunityApi((first) =>
      first.onGet('/api/prayers/gone/page').reply(404, { error: { code: 'not_found', message: 'That prayer was not found' } }),
    );
    renderWithProviders(<CommunityApp />, { route: '/community?prayer=gone' });
    expect(await screen.findByText('That prayer is not on the page any more.')).toBeInTheDocument();
  });

  it('a page past the last says where the last is', async () => {
    api = mockCommunityApi((first) => first.onGet('/api/prayers/', { params: { page: 9 } }).reply(200, pageOf([], 9, 3)));
    renderWithProviders(<CommunityApp />, { route: '/community?page=9' });
    expect(await screen.findByText(/There is no page 9; the last is/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'page 3' })).toHaveAttribute('href', '/community?page=3');
  });

  it('a single page of prayers shows no page links', async () => {
    api = mockCommunityApi();
    renderWithProviders(<CommunityApp />, { route: '/community' });
    expect(await screen.findAllByText('Pray for my mother, who has surgery on Thursday.')).not.toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Pages of prayer requests' })).not.toBeInTheDocument();
  });

  it('the stories tab keeps its page in the address; switching tabs opens the other list on its first page', async () => {
    api = mockCommunityApi((first) => {
      first
        .onGet('/api/stories', { params: { page: 2 } })
        .reply(200, pageOf([story({ _id: 'old', content: 'An older story.' })], 2, 3, 20));
    });
    renderWithProviders(<CommunityApp />, { route: '/community?tab=story&page=2' });
    expect(await screen.findByText('An older story.')).toBeInTheDocument();
    const nav = pagesNav('Pages of stories');
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/community?tab=story&page=3');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/community?tab=story');

    await userEvent.click(screen.getByRole('tab', { name: 'Prayer Wall' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/community$/);
    expect(await screen.findByText('Pray for my mother, who has surgery on Thursday.')).toBeVisible();
    expect(api.history.get.filter((r) => r.url === '/api/prayers/').map((r) => r.params)).toEqual([{}]);
  });
});
