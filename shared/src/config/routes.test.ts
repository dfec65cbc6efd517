import { findPage, matchesRoute, pageAddress, pageModules } from './routes';
import type { SitePage } from './runtime';

const page = (path: string, app = 'mfe_x', extra: Partial<SitePage> = {}): SitePage => ({
  path,
  app,
  title: path,
  layout: 'main',
  signedIn: false,
  ssr: true,
  ...extra,
});

describe('page routes', () => {
  it('matches patterns like the router does (params, any case, trailing slash)', () => {
    expect(matchesRoute('/signup/:id', '/signup/0')).toBe(true);
    expect(matchesRoute('/signup/:id', '/signup')).toBe(false);
    expect(matchesRoute('/signup/:id', '/signup/0/1')).toBe(false);
    expect(matchesRoute('/about', '/About/')).toBe(true);
    expect(matchesRoute('/about', '/aboutus')).toBe(false);
    expect(matchesRoute('/', '/')).toBe(true);
  });

  it('finds the most specific page for a path, and none for a path nobody owns', () => {
    const pages = [
      page('/', 'shell'),
      page('/devotional-detail/:id'),
      page('/devotional-detail/tag/:tag'),
      page('/events/:id'),
      page('/events/new', 'mfe_y'),
    ];
    expect(findPage(pages, '/devotional-detail/tag/faith')?.path).toBe('/devotional-detail/tag/:tag');
    expect(findPage(pages, '/devotional-detail/abc')?.path).toBe('/devotional-detail/:id');
    expect(findPage(pages, '/events/new')?.app).toBe('mfe_y');
    expect(findPage(pages, '/events/42?x=1')?.app).toBe('mfe_x');
    expect(findPage(pages, '/')?.app).toBe('shell');
    expect(findPage(pages, '/nope')).toBeUndefined();
  });

  it("says which remote modules a page renders first: its remote's routes, or what the shell composes", () => {
    expect(pageModules(page('/events', 'mfe_giving'))).toEqual([{ remote: 'mfe_giving', expose: 'routes' }]);
    expect(pageModules(page('/', 'shell'), ['mfe_content/HomeSections', 'mfe_community/LatestStories'])).toEqual([
      { remote: 'mfe_content', expose: 'HomeSections' },
      { remote: 'mfe_community', expose: 'LatestStories' },
    ]);
    expect(pageModules(undefined)).toEqual([]);
  });

  it("takes the campaign and click trackers out of a page's address, and keeps everything else in its order", () => {
    expect(pageAddress('/events?fbclid=IwAR0abc')).toBe('/events');
    expect(pageAddress('/daily-devotion/all?utm_source=newsletter&page=2&utm_medium=email&q=grace')).toBe(
      '/daily-devotion/all?page=2&q=grace',
    );
    expect(pageAddress('/community?tab=location&gclid=x&%5Fga=1')).toBe('/community?tab=location');
    expect(pageAddress('/news?item=42')).toBe('/news?item=42');
    expect(pageAddress('/about')).toBe('/about');
    expect(pageAddress('/about?%E0%A4%A=1')).toBe('/about?%E0%A4%A=1');
  });
});
