import type { RuntimeConfig } from '@ministry/shared/config';
import { releaseIn, reportRemoteFailure } from './errorReports';

describe('error reports', () => {
  it("name the app and release whose files an error's stack names", () => {
    expect(
      releaseIn('TypeError: x\n    at f (http://site/remotes/mfe-giving/20261127-090000-bbbbbb/browser/123.js:1:2)'),
    ).toEqual({
      app: 'mfe-giving',
      release: '20261127-090000-bbbbbb',
    });
    expect(releaseIn('at g (https://site/shell/20261127-080000-aaaaaa/browser/main.js:1:1)')).toEqual({
      app: 'shell',
      release: '20261127-080000-aaaaaa',
    });
    expect(releaseIn('at h (chrome-extension://abc/content.js:1:1)')).toBeNull();
  });

  it("report a remote's failure once per page load, anonymously", () => {
    const fetch = jest.fn().mockResolvedValue({ ok: true });
    Object.assign(global, { fetch });
    const config = {
      remotes: { mfe_giving: '/remotes/mfe-giving/20261127-090000-bbbbbb/browser/mf-manifest.json' },
      labels: {},
      pages: [],
      apiBase: '',
    } as RuntimeConfig;
    reportRemoteFailure(config, 'mfe_giving', new TypeError('eventsHeading is not a function'));
    reportRemoteFailure(config, 'mfe_giving', new TypeError('again'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/releases/errors');
    expect(JSON.parse(init.body)).toEqual({
      app: 'mfe-giving',
      release: '20261127-090000-bbbbbb',
      message: 'TypeError: eventsHeading is not a function',
      page: '/',
    });
  });
});
