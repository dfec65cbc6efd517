import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { NOTE_MS, TranslateWidget } from './TranslateWidget';
import { resetTranslator, TRANSLATOR_CONTAINER_ID, TRANSLATOR_URL } from './loadTranslator';

const translatorScript = () => document.querySelector<HTMLScriptElement>('script[src*="translate.google.com"]');
const pick = (select: HTMLElement, code: string) => fireEvent.change(select, { target: { value: code } });

/** A stand-in for Google's translator: renders its language list into the element `renderAfterMs` after it starts. */
function fakeTranslator(renderAfterMs: number | null) {
  const changes: string[] = [];
  let elementId = '';
  window.google = {
    translate: {
      TranslateElement: class {
        constructor(_options: object, id: string) {
          elementId = id;
          if (renderAfterMs === null) return;
          window.setTimeout(() => {
            const combo = document.createElement('select');
            combo.className = 'goog-te-combo';
            for (const value of ['', 'fr', 'es']) combo.add(new Option(value || 'Select Language', value));
            combo.addEventListener('change', () => changes.push(combo.value));
            document.getElementById(id)?.appendChild(combo);
          }, renderAfterMs);
        }
      },
    },
  };
  return { changes, elementId: () => elementId };
}

/** The translator script "arrives": it calls the page's callback. */
const scriptLoads = () => act(() => window.__ministryTranslateInit?.());
const tick = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

describe('TranslateWidget', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetTranslator();
    translatorScript()?.remove();
    delete window.google;
    document.cookie = 'googtrans=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('does not request the translator until a language is picked', async () => {
    render(<TranslateWidget />);
    const select = screen.getByLabelText('Translate this page');
    expect(select).toHaveValue('en');
    await tick(10_000);
    expect(translatorScript()).toBeNull();
    pick(select, 'fr');
    expect(translatorScript()).toHaveAttribute('src', TRANSLATOR_URL);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the translator…');
  });

  it('says plainly when the translator cannot be loaded, and goes back to English', async () => {
    render(<TranslateWidget />);
    const select = screen.getByLabelText('Translate this page');
    pick(select, 'fr');
    await act(async () => void translatorScript()!.dispatchEvent(new Event('error')));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The translator could not be loaded. Check your connection and try again.',
    );
    expect(select).toHaveValue('en');
    expect(select).toHaveAccessibleDescription('The translator could not be loaded. Check your connection and try again.');
    expect(document.cookie).not.toContain('googtrans=/en/fr');
  });

  it('the note goes away by itself after a while, or at once with Dismiss', async () => {
    render(<TranslateWidget />);
    const select = screen.getByLabelText('Translate this page');
    pick(select, 'fr');
    await act(async () => void translatorScript()!.dispatchEvent(new Event('error')));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await tick(NOTE_MS - 100);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await tick(200);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(select).not.toHaveAccessibleDescription();

    resetTranslator();
    translatorScript()?.remove();
    pick(select, 'es');
    await act(async () => void translatorScript()!.dispatchEvent(new Event('error')));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the translator loads but its language list never appears (it waits a bounded time)', async () => {
    fakeTranslator(null);
    render(<TranslateWidget />);
    const select = screen.getByLabelText('Translate this page');
    pick(select, 'es');
    scriptLoads();
    await tick(1000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await tick(5000);
    expect(screen.getByRole('alert')).toHaveTextContent('The translator did not respond, so the page was not translated.');
    expect(select).toHaveValue('en');
  });

  it('waits for the language list, then applies the language', async () => {
    const translator = fakeTranslator(700);
    render(<TranslateWidget />);
    const select = screen.getByLabelText('Translate this page');
    pick(select, 'fr');
    scriptLoads();
    await tick(300);
    expect(translator.changes).toEqual([]);
    await tick(600);
    expect(translator.changes).toEqual(['fr']);
    expect(select).toHaveValue('fr');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(document.cookie).toContain('googtrans=/en/fr');
  });

  it('attaches the translator to one hidden element outside the widgets, which outlives the mobile drawer', async () => {
    const translator = fakeTranslator(100);
    const desktop = render(
      <div data-testid="desktop">
        <TranslateWidget />
      </div>,
    );
    const drawer = render(
      <div data-testid="drawer">
        <TranslateWidget />
      </div>,
    );
    pick(within(screen.getByTestId('drawer')).getByLabelText('Translate this page'), 'es');
    scriptLoads();
    await tick(500);
    const container = document.getElementById(TRANSLATOR_CONTAINER_ID)!;
    expect(translator.elementId()).toBe(TRANSLATOR_CONTAINER_ID);
    expect(container.parentElement).toBe(document.body);
    expect(container).not.toBeVisible();
    expect(screen.getByTestId('drawer')).not.toContainElement(container);
    // Both lists show the page's language.
    expect(within(screen.getByTestId('desktop')).getByLabelText('Translate this page')).toHaveValue('es');

    drawer.unmount(); // the drawer closes
    expect(document.getElementById(TRANSLATOR_CONTAINER_ID)?.querySelector('select.goog-te-combo')).not.toBeNull();
    pick(within(desktop.container).getByLabelText('Translate this page'), 'fr');
    await tick(200);
    expect(translator.changes).toEqual(['es', 'fr']);
    expect(document.querySelectorAll('script[src*="translate.google.com"]')).toHaveLength(1);
  });
});
