import { matchesRoute, pageRemotes } from './routes';

describe('page routes', () => {
  it('matches patterns like the router does (params, rest, any case, trailing slash)', () => {
    expect(matchesRoute('/events/*', '/events')).toBe(true);
    expect(matchesRoute('/events/*', '/events/42/tickets')).toBe(true);
    expect(matchesRoute('/signup/:id', '/signup/0')).toBe(true);
    expect(matchesRoute('/signup/:id', '/signup')).toBe(false);
    expect(matchesRoute('/about', '/About/')).toBe(true);
    expect(matchesRoute('/about', '/aboutus')).toBe(false);
  });

  it('says which remote modules a page renders first', () => {
    expect(pageRemotes('/')).toEqual([
      { remote: 'mfe_content', expose: 'HomeSections' },
      { remote: 'mfe_community', expose: 'LatestStories' },
    ]);
    expect(pageRemotes('/daily-devotion/tag/faith')).toEqual([{ remote: 'mfe_content', expose: 'routes' }]);
    expect(pageRemotes('/reset-password/abc')).toEqual([{ remote: 'mfe_account', expose: 'routes' }]);
    expect(pageRemotes('/nope')).toEqual([]);
  });
});
