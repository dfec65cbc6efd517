import { screen, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { pageOf, story } from '../../testing/fixtures';
import { mockCommunityApi } from '../../testing/mockCommunityApi';
import { LatestStories } from './LatestStories';

describe('LatestStories (home page widget)', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = mockCommunityApi();
  });
  afterEach(() => api.restore());

  it('asks only for the three latest published stories, shows them, and links to the community stories', async () => {
    api.restore();
    api = mockCommunityApi((first) =>
      first
        .onGet('/api/stories', { params: { limit: 3, published: true } })
        .reply(
          200,
          pageOf(
            [
              story({ _id: 'a', content: 'Story A' }),
              story({ _id: 'b', content: 'Story B', nbLikes: 1 }),
              story({ _id: 'c', content: 'Story C' }),
            ],
            1,
            40,
            3,
          ),
        ),
    );
    renderWithProviders(<LatestStories />, { preloadedState: signedInState() });
    const section = screen.getByRole('region', { name: 'Latest stories' });
    expect(await within(section).findByText('Story A')).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(3);
    expect(within(section).getByText(/1 like$/)).toBeInTheDocument();
    expect(api.history.get.filter((r) => r.url === '/api/stories')).toHaveLength(1);
    expect(api.history.get.some((r) => r.url === '/api/story/')).toBe(false);
    expect(within(section).getByRole('link', { name: 'Read more stories and share yours' })).toHaveAttribute(
      'href',
      '/community?tab=story',
    );
  });
});
