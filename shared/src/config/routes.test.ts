import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isPrerenderedPage, isSitePage, matchesRoute, PAGE_PATHS, pageRemotes, ROUTE_OWNERS } from './routes';

describe('page routes', () => {
  it('matches patterns like the router does (params, rest, any case, trailing slash)', () => {
    expect(matchesRoute('/events/*', '/events')).toBe(true);
    expect(matchesRoute('/events/*', '/events/42/tickets')).toBe(true);
    expect(matchesRoute('/signup/:id', '/signup/0')).toBe(true);
    expect(matchesRoute('/signup/:id', '/signup')).toBe(false);
    expect(matchesRoute('/about', '/About/')).toBe(true);
    expect(matchesRoute('/about', '/aboutus')).toBe(false);
  });

  it('renders on the server the public pages of the main layout only', () => {
    for (const page of ['/', '/about', '/events', '/events/42', '/community', '/daily-devotion/tag/faith', '/devotional-detail/x', '/offering', '/policies']) {
      expect([page, isPrerenderedPage(page)]).toEqual([page, true]);
    }
    for (const page of ['/login', '/signup/0', '/nextSignup', '/reset-password/t', '/profile', '/booking', '/booking/success', '/community/moderation', '/nope']) {
      expect([page, isPrerenderedPage(page)]).toEqual([page, false]);
    }
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

  it('lists exactly the pages the remotes route (their routes.tsx) and the home page', () => {
    const root = path.resolve(__dirname, '../../..');
    const routed = ['mfe-account', 'mfe-community', 'mfe-content', 'mfe-giving'].flatMap((dir) =>
      [...readFileSync(path.join(root, dir, 'src/routes.tsx'), 'utf8').matchAll(/<Route path="([^"]+)"/g)]
        .map((m) => m[1])
        .filter((p) => p !== '*'),
    );
    expect([...PAGE_PATHS].sort()).toEqual(['/', ...routed].sort());
    // Every page has an owner that mounts it.
    for (const page of PAGE_PATHS.filter((p) => p !== '/')) {
      expect(ROUTE_OWNERS.some((o) => matchesRoute(o.path, page.replace(/:\w+/g, 'x')))).toBe(true);
    }
  });

  it('tells a page of the site from the not-found page', () => {
    for (const page of ['/', '/about', '/News/', '/daily-devotion/all', '/devotional-detail/tag/Faith', '/booking/success', '/booking/cancelled', '/community/moderation', '/signup/1', '/events/abc'])
      expect(isSitePage(page)).toBe(true);
    for (const page of ['/no-such-page', '/aboutus', '/daily-devotion/nope', '/events/1/2', '/booking/other', '/community/x', '/signup', '/profile/x'])
      expect(isSitePage(page)).toBe(false);
  });
});
