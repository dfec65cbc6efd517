import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@ministry/shared/testing';
import { emptyRuntimeConfig } from '@ministry/shared/config';
import { ClientResourceCache, PrerenderProvider } from '@ministry/shared/app';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { RemoteLoaderProvider, RemoteModule, type RemoteLoader } from './RemoteModule';
import { SiteConfigProvider } from './siteConfig';
import { forgetRemote, loadRemoteModule } from './remoteLoader';
import { shellRendered } from './pageReady';

jest.mock('./remoteLoader', () => ({
  loadRemoteModule: jest.fn(),
  forgetRemote: jest.fn(),
}));

const load = loadRemoteModule as jest.Mock;

describe('RemoteModule', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the remote once it loads', async () => {
    load.mockResolvedValue({ default: () => <p>Remote page</p> });
    renderWithProviders(<RemoteModule remote="mfe_giving" expose="routes" />);
    expect(await screen.findByText('Remote page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mfe_giving', 'routes');
  });

  it('shows a fallback with Retry when the remote is down, and recovers on retry', async () => {
    load.mockRejectedValueOnce(new Error('remoteEntry unreachable'));
    load.mockResolvedValue({ default: () => <p>Back again</p> });
    // The remote's name for visitors comes from its release (the runtime config).
    const config = { ...emptyRuntimeConfig(), labels: { mfe_community: 'the community section' } };
    renderWithProviders(
      <SiteConfigProvider config={config}>
        <RemoteModule remote="mfe_community" expose="LatestStories" />
      </SiteConfigProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't load the community section");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(forgetRemote).toHaveBeenCalledWith('mfe_community');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a part that throws while rendering shows its fallback, and the page is ready all the same', async () => {
    shellRendered();
    load.mockResolvedValue({
      default: () => {
        throw new TypeError('eventsHeading is not a function');
      },
    });
    renderWithProviders(<RemoteModule remote="mfe_giving" expose="routes" />);
    expect(await screen.findByRole('alert')).toHaveTextContent("couldn't load");
    await waitFor(() => expect(document.documentElement.dataset.ready).toBe('true'));
  });

  it('passes its props to the remote component', async () => {
    load.mockResolvedValue({ default: ({ part }: { part: string }) => <p>part {part}</p> });
    renderWithProviders(<RemoteModule remote="mfe_content" expose="HomeSections" props={{ part: 'bottom' }} />);
    expect(await screen.findByText('part bottom')).toBeInTheDocument();
  });

  describe("a part left as the server's HTML (whenVisible, whenReached)", () => {
    let observed: { element: Element; report: (visible: boolean) => void }[];
    beforeEach(() => {
      observed = [];
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe(element: Element) {
          observed.push({ element, report: (visible) => this.callback([{ isIntersecting: visible }]) });
        }
        disconnect() {}
      };
    });
    const hydrated: { root: Root; container: HTMLElement }[] = [];
    afterEach(() => {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
      for (const { root, container } of hydrated.splice(0)) {
        act(() => root.unmount());
        container.remove();
      }
    });

    const firstPage = { cache: new ClientResourceCache({}), origin: null, viewport: null };
    const Stories = () => <p>Latest stories</p>;
    const part = <RemoteModule remote="mfe_community" expose="LatestStories" whenVisible />;

    /** The server's HTML of the part (its renderer has the module at hand), taken over by the browser. */
    async function hydrateServerHtml(shown = part) {
      const onServer: RemoteLoader = { load: jest.fn(), get: () => ({ default: Stories }), forget: jest.fn() };
      const container = document.body.appendChild(document.createElement('div'));
      container.innerHTML = renderToString(
        <PrerenderProvider value={{ cache: null, origin: null, viewport: null }}>
          <RemoteLoaderProvider value={onServer}>{shown}</RemoteLoaderProvider>
        </PrerenderProvider>,
      );
      await act(async () => {
        hydrated.push({
          container,
          root: hydrateRoot(container, <PrerenderProvider value={firstPage}>{shown}</PrerenderProvider>),
        });
      });
      return container;
    }

    it("keeps the server's HTML and loads its remote only once it comes near the screen", async () => {
      load.mockResolvedValue({ default: Stories });
      const container = await hydrateServerHtml();
      expect(container).toHaveTextContent('Latest stories');
      expect(load).not.toHaveBeenCalled();
      expect(observed).toHaveLength(1);
      expect(observed[0]!.element).toContainElement(container.querySelector('p'));
      act(() => observed[0]!.report(false));
      await act(async () => {});
      expect(load).not.toHaveBeenCalled();
      await act(async () => observed[0]!.report(true));
      expect(load).toHaveBeenCalledWith('mfe_community', 'LatestStories');
      expect(container).toHaveTextContent('Latest stories');
    });

    it('loads at once when the visitor reaches for it', async () => {
      load.mockResolvedValue({ default: Stories });
      await hydrateServerHtml();
      expect(load).not.toHaveBeenCalled();
      await act(async () => {
        // jsdom has no PointerEvent: a plain event of that type, from inside the part.
        fireEvent(observed[0]!.element.querySelector('p')!, new Event('pointerover', { bubbles: true }));
      });
      expect(load).toHaveBeenCalledTimes(1);
    });

    it("whenReached: keeps the server's HTML on screen too, and loads its remote once the visitor reaches for it", async () => {
      load.mockResolvedValue({ default: Stories });
      const container = await hydrateServerHtml(<RemoteModule remote="mfe_community" expose="LatestStories" whenReached />);
      expect(container.querySelector('[data-waits="reached"]')).toHaveTextContent('Latest stories');
      expect(observed).toHaveLength(0);
      await act(async () => {});
      expect(load).not.toHaveBeenCalled();
      // Something elsewhere on the page is no reach for it.
      await act(async () => {
        fireEvent(document.body, new Event('pointerover', { bubbles: true }));
      });
      expect(load).not.toHaveBeenCalled();
      await act(async () => {
        fireEvent(container.querySelector('p')!, new FocusEvent('focusin', { bubbles: true }));
      });
      expect(load).toHaveBeenCalledWith('mfe_community', 'LatestStories');
      expect(container).toHaveTextContent('Latest stories');
    });

    it('loads at once on any later page (the browser renders those itself)', async () => {
      load.mockResolvedValue({ default: Stories });
      const later = new ClientResourceCache({});
      later.expire();
      renderWithProviders(<PrerenderProvider value={{ cache: later, origin: null, viewport: null }}>{part}</PrerenderProvider>);
      expect(await screen.findByText('Latest stories')).toBeInTheDocument();
      expect(observed).toHaveLength(0);
    });
  });
});
