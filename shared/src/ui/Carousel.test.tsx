import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { Carousel } from './Carousel';

const slides = ['Arise and Shine', 'The Lamp and the Path', 'Salt and Light'];

function renderCarousel(interval = 1000) {
  return renderWithProviders(
    <Carousel
      items={slides}
      label="Featured devotionals"
      getKey={(s) => s}
      slideLabel={(s) => s}
      interval={interval}
      renderSlide={(s) => (
        <a href={`/devotional-detail/${encodeURIComponent(s)}`}>
          <h3>{s}</h3>
        </a>
      )}
    />,
  );
}

/** The title of the slide in view (the others are aria-hidden). */
const visibleTitle = () => screen.getByRole('heading', { level: 3 }).textContent;

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

describe('Carousel', () => {
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => {
    jest.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    jest.useRealTimers();
    window.matchMedia = originalMatchMedia;
  });

  const tick = (ms: number) => act(() => void jest.advanceTimersByTime(ms));

  it('is a labelled carousel whose slides say where they are', () => {
    renderCarousel();
    expect(screen.getByRole('region', { name: 'Featured devotionals' })).toHaveAttribute('aria-roledescription', 'carousel');
    const group = screen.getByRole('group', { name: '1 of 3: Arise and Shine' });
    expect(group).toHaveAttribute('aria-roledescription', 'slide');
    // Slides out of view are hidden and out of the tab order.
    const hidden = document.querySelector('[aria-label="2 of 3: The Lamp and the Path"]');
    expect(hidden).toHaveAttribute('aria-hidden', 'true');
    expect(hidden).toHaveAttribute('inert');
  });

  it('plays by itself and loops from the last slide back to the first', () => {
    renderCarousel(1000);
    expect(visibleTitle()).toBe('Arise and Shine');
    tick(1000);
    expect(visibleTitle()).toBe('The Lamp and the Path');
    tick(1000);
    expect(visibleTitle()).toBe('Salt and Light');
    tick(1000);
    expect(visibleTitle()).toBe('Arise and Shine');
  });

  it('previous and next loop at both ends', () => {
    renderCarousel(60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleTitle()).toBe('Salt and Light');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleTitle()).toBe('Arise and Shine');
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2: The Lamp and the Path' }));
    expect(visibleTitle()).toBe('The Lamp and the Path');
  });

  it('pauses with the visible Pause button and plays again with Play', () => {
    renderCarousel(1000);
    const pause = screen.getByRole('button', { name: 'Pause slideshow' });
    expect(pause).toHaveTextContent('Pause');
    fireEvent.click(pause);
    tick(5000);
    expect(visibleTitle()).toBe('Arise and Shine');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    tick(1000);
    expect(visibleTitle()).toBe('The Lamp and the Path');
  });

  it('pauses while the pointer is over it', () => {
    renderCarousel(1000);
    const root = screen.getByRole('region', { name: 'Featured devotionals' });
    fireEvent.mouseEnter(root);
    tick(5000);
    expect(visibleTitle()).toBe('Arise and Shine');
    fireEvent.mouseLeave(root);
    tick(1000);
    expect(visibleTitle()).toBe('The Lamp and the Path');
  });

  it('pauses while keyboard focus is in a slide', () => {
    renderCarousel(1000);
    const link = screen.getByRole('link', { name: 'Arise and Shine' });
    act(() => link.focus());
    tick(5000);
    expect(visibleTitle()).toBe('Arise and Shine');
    act(() => link.blur());
    tick(1000);
    expect(visibleTitle()).toBe('The Lamp and the Path');
  });

  it.each(['Pause slideshow', 'Previous slide', 'Next slide', 'Slide 3: Salt and Light'])(
    'pauses while keyboard focus is on the %s button, and plays again when focus leaves',
    (name) => {
      renderCarousel(1000);
      const button = screen.getByRole('button', { name });
      act(() => button.focus());
      tick(5000);
      expect(visibleTitle()).toBe('Arise and Shine');
      act(() => button.blur());
      tick(1000);
      expect(visibleTitle()).toBe('The Lamp and the Path');
    },
  );

  it('stays paused while focus moves between its slides and controls', () => {
    renderCarousel(1000);
    act(() => screen.getByRole('link', { name: 'Arise and Shine' }).focus());
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).focus());
    tick(2500);
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    tick(2500);
    expect(visibleTitle()).toBe('Arise and Shine');
    act(() => screen.getByRole('button', { name: 'Next slide' }).blur());
    tick(1000);
    expect(visibleTitle()).toBe('The Lamp and the Path');
  });

  it('pauses while the pointer is over its controls, not only its slides', () => {
    renderCarousel(1000);
    const next = screen.getByRole('button', { name: 'Next slide' });
    fireEvent.mouseOver(next);
    tick(5000);
    expect(visibleTitle()).toBe('Arise and Shine');
    fireEvent.mouseOut(next, { relatedTarget: document.body });
    tick(1000);
    expect(visibleTitle()).toBe('The Lamp and the Path');
  });

  it('stays paused when focus leaves after the visitor pressed Pause, and Play starts it with focus still on the button', () => {
    renderCarousel(1000);
    const pause = screen.getByRole('button', { name: 'Pause slideshow' });
    act(() => pause.focus());
    fireEvent.click(pause);
    act(() => pause.blur());
    tick(5000);
    expect(visibleTitle()).toBe('Arise and Shine');
    const play = screen.getByRole('button', { name: 'Play slideshow' });
    act(() => play.focus());
    fireEvent.click(play);
    tick(1000);
    expect(visibleTitle()).toBe('The Lamp and the Path');
  });

  it('does not play by itself when the visitor prefers reduced motion, but can be started', () => {
    mockReducedMotion(true);
    renderCarousel(1000);
    tick(5000);
    expect(visibleTitle()).toBe('Arise and Shine');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    tick(1000);
    expect(visibleTitle()).toBe('The Lamp and the Path');
  });

  it('shows a single slide without controls and nothing for no slides', () => {
    const { unmount } = renderWithProviders(
      <Carousel items={['Only']} label="One" getKey={(s) => s} renderSlide={(s) => <h3>{s}</h3>} />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<Carousel items={[]} label="None" getKey={(s) => s} renderSlide={(s) => <h3>{s}</h3>} />);
    expect(screen.queryByRole('region', { name: 'None' })).not.toBeInTheDocument();
  });
});
