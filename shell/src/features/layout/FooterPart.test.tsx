import type { ComponentType } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
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

/** A page with the footer, and a button that changes the address (as choosing a tab does). */
function Page() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/about?tab=spouse', { replace: true })}>
        Spouse
      </button>
      <FooterPart />
    </>
  );
}

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

  /** The footer as the server renders it, then taken over by the browser on the first page. */
  async function hydrateServerFooter() {
    const { Footer } = jest.requireMock<{ Footer: ComponentType }>('../footer/Footer');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(
      <PrerenderProvider value={{ cache: null, origin: null, viewport: null }}>
        <FooterAtHandProvider value={Footer}>
          <MemoryRouter initialEntries={['/about']}>
            <Page />
          </MemoryRouter>
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
            <MemoryRouter initialEntries={['/about']}>
              <Page />
            </MemoryRouter>
          </PrerenderProvider>,
        ),
      });
    });
    return container;
  }

  it("keeps the server's footer until it comes near the screen, then takes it over", async () => {
    const container = await hydrateServerFooter();
    expect(container).toHaveTextContent('Quick links');
    expect(loaded).not.toHaveBeenCalled();
    expect(observed).toHaveLength(1);
    await act(async () => observed[0]!.report(true));
    await screen.findByText('Quick links');
    expect(loaded).toHaveBeenCalled();
    expect(container.querySelectorAll('footer')).toHaveLength(1);
  });

  it('is taken over at once when the address changes before it came near', async () => {
    const container = await hydrateServerFooter();
    expect(loaded).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Spouse' }));
    });
    await waitFor(() => expect(loaded).toHaveBeenCalled());
    expect(container).toHaveTextContent('Quick links');
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
