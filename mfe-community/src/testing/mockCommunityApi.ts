import MockAdapter from 'axios-mock-adapter';
import { axiosInstance as http } from '@ministry/shared/api/http';
import { locations, news, pageOf, prayers, stories, topStories } from './fixtures';

/**
 * A fake API answering every read of the community page with the sample
 * data. `first` registers handlers before them: a `replyOnce` there answers
 * the first call (a later handler for the same URL replaces an earlier `reply`).
 */
export function mockCommunityApi(first?: (api: MockAdapter) => void): MockAdapter {
  const api = new MockAdapter(http);
  first?.(api);
  api.onGet('/api/community/mine/posting').reply(200, { data: { stopped: false } });
  api.onGet('/api/prayers/').reply(200, pageOf(prayers));
  api.onGet('/api/stories').reply(200, pageOf(stories, 1, 1, 20));
  api.onGet('/api/story/top').reply(200, topStories);
  api.onGet('/api/locations').reply(200, { data: locations });
  api.onGet('/api/news/recent').reply(200, news);
  return api;
}
