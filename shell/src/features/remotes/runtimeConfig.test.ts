import { loadRuntimeConfig } from './runtimeConfig';

describe('loadRuntimeConfig', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    document.getElementById('ministry-runtime-config')?.remove();
    global.fetch = realFetch;
  });

  it('reads the config the server put in the page, without a request', async () => {
    const script = document.createElement('script');
    script.id = 'ministry-runtime-config';
    script.type = 'application/json';
    script.textContent = JSON.stringify({
      remotes: { mfe_content: '/remotes/mfe-content/r1/browser/mf-manifest.json' },
      labels: {},
      pages: [],
      apiBase: '',
    });
    document.head.appendChild(script);
    global.fetch = jest.fn();
    await expect(loadRuntimeConfig()).resolves.toMatchObject({
      remotes: { mfe_content: '/remotes/mfe-content/r1/browser/mf-manifest.json' },
    });
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('asks /config.json when the page has none', async () => {
    const config = { remotes: { mfe_giving: 'http://localhost:3004/mf-manifest.json' }, labels: {}, pages: [], apiBase: '' };
    global.fetch = jest.fn().mockResolvedValue({ ok: true, json: async () => config });
    await expect(loadRuntimeConfig()).resolves.toEqual(config);
    expect(global.fetch).toHaveBeenCalledWith('/config.json', { cache: 'no-cache' });
  });

  it("starts with the shell's own pages when neither can be read", async () => {
    global.fetch = jest.fn().mockRejectedValue(new Error('offline'));
    const config = await loadRuntimeConfig();
    expect(config.remotes).toEqual({});
    expect(config.pages.map((p) => p.path)).toEqual(['/']);
  });
});
