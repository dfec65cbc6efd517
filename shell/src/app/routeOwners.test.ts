import { findRouteOwner, remotesForPath } from './routeOwners';

describe('route owners', () => {
  it.each([
    ['/login', 'mfe_account', 'auth'],
    ['/signup/0', 'mfe_account', 'auth'],
    ['/nextSignup', 'mfe_account', 'auth'],
    ['/reset-password/abc', 'mfe_account', 'auth'],
    ['/profile', 'mfe_account', 'main'],
    ['/about', 'mfe_content', 'main'],
    ['/news', 'mfe_content', 'main'],
    ['/press', 'mfe_content', 'main'],
    ['/policies', 'mfe_content', 'main'],
    ['/daily-devotion', 'mfe_content', 'main'],
    ['/daily-devotion/all', 'mfe_content', 'main'],
    ['/daily-devotion/tag/faith', 'mfe_content', 'main'],
    ['/devotion-detail/12', 'mfe_content', 'main'],
    ['/devotional-detail/walking-in-light', 'mfe_content', 'main'],
    ['/devotional-detail/tag/faith', 'mfe_content', 'main'],
    ['/community', 'mfe_community', 'main'],
    ['/community/moderation', 'mfe_community', 'main'],
    ['/events', 'mfe_giving', 'main'],
    ['/events/42', 'mfe_giving', 'main'],
    ['/booking', 'mfe_giving', 'main'],
    ['/offering', 'mfe_giving', 'main'],
  ])('%s belongs to %s in the %s layout', (path, remote, layout) => {
    expect(findRouteOwner(path)).toMatchObject({ remote, layout });
  });

  it('only /profile requires a signed-in member', () => {
    expect(findRouteOwner('/profile')?.requiresAuth).toBe(true);
    expect(findRouteOwner('/community')?.requiresAuth).toBeFalsy();
  });

  it('an unknown path has no owner', () => {
    expect(findRouteOwner('/nope')).toBeUndefined();
    expect(findRouteOwner('/aboutus')).toBeUndefined();
  });

  it('the home page preloads the content sections and the latest stories', () => {
    expect(remotesForPath('/')).toEqual([
      { remote: 'mfe_content', expose: 'HomeSections' },
      { remote: 'mfe_community', expose: 'LatestStories' },
    ]);
    expect(remotesForPath('/events')).toEqual([{ remote: 'mfe_giving', expose: 'routes' }]);
  });
});
