import type { ComponentType } from 'react';
import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderWithProviders } from '@ministry/shared/testing';
import { ClientResourceCache, PrerenderProvider } from '@ministry/shared/app';
import { FooterAtHandProvider, FooterPart } from './FooterPart';

const loaded = jest.fn();
jest.mock('../footer/Footer', () => ({
  Footer: () => {
    loaded();
    return <footer>Quick links</footer>;
  },
}));

describe('FooterPart', () => {
  let observed: { element: Element; report: (visible: boolean) => void }[];
  const hydrated: { root: Root; container: HTMLElement }[] = [];
  beforeEach(() => {
    observed = [];
    loaded.mockClear();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe(element: Element) {
        observed.push({ element, report: (visible) => this.callback([{ isIntersecting: visible }]) });
      }
      disconnect() {}
    };
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    for (const { root, container } of hydrated.splice(0)) {
      act(() => root.unmount());
      container.remove();
    }
  });

  it("keeps the server's footer until it comes near the screen, then takes it over", async () => {
    const { Footer } = jest.requireMock<{ Footer: ComponentType }>('../footer/Footer');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(
      <PrerenderProvider value={{ cache: null, origin: null, viewport: null }}>
        <FooterAtHandProvider value={Footer}>
          <FooterPart />
        </FooterAtHandProvider>
      </PrerenderProvider>,
    );
    expect(container).toHaveTextContent('Quick links');
    loaded.mockClear();
    const firstPage = { cache: new ClientResourceCache({}), origin: null, viewport: null };
    await act(async () => {
      hydrated.push({
        container,
        root: hydrateRoot(
          container,
          <PrerenderProvider value={firstPage}>
            <FooterPart />
          </PrerenderProvider>,
        ),
      });
    });
    expect(container).toHaveTextContent('Quick links');
    expect(loaded).not.toHaveBeenCalled();
    expect(observed).toHaveLength(1);
    await act(async () => observed[0]!.report(true));
    await screen.findByText('Quick links');
    expect(loaded).toHaveBeenCalled();
    expect(container.querySelectorAll('footer')).toHaveLength(1);
  });

  it('loads at once on any later page', async () => {
    const later = new ClientResourceCache({});
    later.expire();
    renderWithProviders(
      <PrerenderProvider value={{ cache: later, origin: null, viewport: null }}>
        <FooterPart />
      </PrerenderProvider>,
    );
    expect(await screen.findByText('Quick links')).toBeInTheDocument();
    expect(observed).toHaveLength(0);
  });
});
