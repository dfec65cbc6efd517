import { screen, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { renderWithProviders, signedInState } from '@ministry/shared/testing';
import { me, story } from '../../testing/fixtures';
import { mockCommunityApi } from '../../testing/mockCommunityApi';
import { LatestStories } from './LatestStories';

describe('LatestStories (home page widget)', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = mockCommunityApi();
  });
  afterEach(() => api.restore());

  it('shows the three latest published stories, never a pending one, and links to the community stories', async () => {
    api.onGet('/api/story/').reply(200, [
      story({ _id: 'mine', user: me, content: 'My own story awaiting review', status: 'pending' }),
      story({ _id: 'a', content: 'Story A' }),
      story({ _id: 'b', content: 'Story B', nbLikes: 1 }),
      story({ _id: 'c', content: 'Story C' }),
      story({ _id: 'd', content: 'Story D' }),
    ]);
    renderWithProviders(<LatestStories />, { preloadedState: signedInState() });
    const section = screen.getByRole('region', { name: 'Latest stories' });
    expect(await within(section).findByText('Story A')).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(3);
    expect(within(section).getByText(/1 like$/)).toBeInTheDocument();
    expect(within(section).queryByText('My own story awaiting review')).not.toBeInTheDocument();
    expect(within(section).queryByText('Story D')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Read more stories and share yours' })).toHaveAttribute('href', '/community?tab=story');
  });
});
