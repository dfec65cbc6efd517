import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { PrerenderProvider } from './prerender';
import { TimeAgo } from './TimeAgo';

const posted = '2026-03-05T10:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();

function Comment({ renderedAt }: { renderedAt?: number }) {
  return (
    <PrerenderProvider value={{ cache: null, origin: null, viewport: null, renderedAt }}>
      <p>
        Posted <TimeAgo date={posted} />
      </p>
    </PrerenderProvider>
  );
}

describe('TimeAgo', () => {
  afterEach(() => jest.useRealTimers());

  it("takes over a page rendered minutes earlier without a mismatch, then says the browser's time", async () => {
    const renderedAt = at('2026-03-05T10:00:10.000Z');
    jest.useFakeTimers({ now: renderedAt });
    const html = renderToString(<Comment renderedAt={renderedAt} />);
    expect(html).toContain('a few seconds ago');

    // The browser takes the (kept) page over five minutes later.
    jest.setSystemTime(at('2026-03-05T10:05:00.000Z'));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Comment renderedAt={renderedAt} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('Posted 5 minutes ago');

    // And it follows the clock.
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(container.textContent).toBe('Posted 6 minutes ago');
    act(() => root?.unmount());
    container.remove();
  });

  it('reads the browser clock on a page the server did not render', async () => {
    jest.useFakeTimers({ now: at('2026-03-05T12:00:00.000Z') });
    const container = document.createElement('div');
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(container);
    await act(async () => root.render(<Comment />));
    expect(container.textContent).toBe('Posted 2 hours ago');
    act(() => root.unmount());
  });
});
