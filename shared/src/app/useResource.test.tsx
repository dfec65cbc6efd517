import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { ClientResourceCache, PrerenderProvider, ServerResourceCache } from './prerender';
import { useResource } from './useResource';

function Names({ load, name }: { load: () => Promise<string[]>; name: string | null }) {
  const { data, loading, error } = useResource(load, name);
  if (loading) return <p>Loading</p>;
  if (error) return <p>Failed</p>;
  return <p>{data?.join(', ')}</p>;
}

describe('useResource', () => {
  it('loads after mounting, without a server-rendered page', async () => {
    const load = jest.fn().mockResolvedValue(['Ruth', 'Esther']);
    render(<Names load={load} name="names" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Ruth, Esther')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts from the server's answer on the first page, without loading again", async () => {
    const load = jest.fn().mockResolvedValue(['fresh']);
    const cache = new ClientResourceCache({ names: ['Ruth', 'Esther'] });
    const { unmount } = render(
      <PrerenderProvider value={{ cache, origin: null, viewport: null }}>
        <Names load={load} name="names" />
      </PrerenderProvider>,
    );
    expect(screen.getByText('Ruth, Esther')).toBeInTheDocument();
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    unmount();

    // After the visitor moved on, the same part loads its own data.
    cache.expire();
    render(
      <PrerenderProvider value={{ cache, origin: null, viewport: null }}>
        <Names load={load} name="names" />
      </PrerenderProvider>,
    );
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('ignores server answers for other names, and loads with no name at all', async () => {
    const load = jest.fn().mockResolvedValue(['Deborah']);
    const cache = new ClientResourceCache({ other: ['x'] });
    render(
      <PrerenderProvider value={{ cache, origin: null, viewport: null }}>
        <Names load={load} name={null} />
      </PrerenderProvider>,
    );
    expect(await screen.findByText('Deborah')).toBeInTheDocument();
  });

  it('on the server, a render starts each named load once; the next render has the answers', async () => {
    const cache = new ServerResourceCache();
    const load = jest.fn().mockResolvedValue(['Ruth', 'Esther']);
    const page = () =>
      renderToString(
        <PrerenderProvider value={{ cache, origin: null, viewport: null }}>
          <Suspense fallback={<p>Waiting</p>}>
            <Names load={load} name="names" />
            <Names load={load} name="names" />
          </Suspense>
        </PrerenderProvider>,
      );
    expect(page()).toContain('Waiting');
    expect(cache.pending).toHaveLength(1);
    await Promise.all(cache.pending);
    const html = page();
    expect(html).toContain('<p>Ruth, Esther</p><p>Ruth, Esther</p>');
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.resources()).toEqual({ names: ['Ruth', 'Esther'] });
    expect(cache.failed).toBe(false);
  });

  it('on the server, a failed load is reported (the page is then rendered in the browser)', async () => {
    const cache = new ServerResourceCache();
    const load = jest.fn().mockRejectedValue(new Error('down'));
    const page = () =>
      renderToString(
        <PrerenderProvider value={{ cache, origin: null, viewport: null }}>
          <Suspense fallback={<p>Waiting</p>}>
            <Names load={load} name="names" />
          </Suspense>
        </PrerenderProvider>,
      );
    page();
    await Promise.all(cache.pending);
    expect(page()).toContain('Failed');
    expect(cache.failed).toBe(true);
    expect(cache.resources()).toEqual({});
  });
});
