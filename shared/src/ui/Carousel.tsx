import { useEffect, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { media, theme } from './theme';
import { usePrefersReducedMotion } from './useMediaQuery';

export interface CarouselProps<T> {
  items: T[];
  /** The accessible name of the whole carousel, e.g. 'Featured devotionals'. */
  label: string;
  getKey: (item: T) => string;
  /** What one slide shows. `active` is false for the slides out of view. */
  renderSlide: (item: T, index: number, active: boolean) => ReactNode;
  /** A short name of one slide for screen readers (its title). */
  slideLabel?: (item: T, index: number) => string;
  /** Milliseconds each slide stays in view while playing. */
  interval?: number;
}

const Root = styled.section`
  position: relative;
  border-radius: ${theme.radius};
  overflow: hidden;
  background: ${theme.colors.primary};
  box-shadow: ${theme.shadow};
`;

const Viewport = styled.div`
  overflow: hidden;
`;

const Track = styled.div<{ $index: number; $animate: boolean }>`
  display: flex;
  transform: translateX(${(p) => p.$index * -100}%);
  transition: ${(p) => (p.$animate ? 'transform 0.6s ease' : 'none')};
`;

const Slide = styled.div`
  flex: 0 0 100%;
  min-width: 0;
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 14px;
  background: ${theme.colors.primary};
  color: #fff;
`;

const ControlButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-width: 44px;
  min-height: 44px;
  padding: 0 12px;
  border-radius: 999px;
  border: 2px solid rgba(255, 255, 255, 0.55);
  background: transparent;
  color: #fff;
  font-weight: 600;
  font-size: 0.9rem;
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.12);
    border-color: #fff;
  }
  svg {
    width: 16px;
    height: 16px;
    fill: currentColor;
  }
`;

const Dots = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 2px;
  ${media.mobile} {
    display: none;
  }
`;

const Dot = styled.button<{ $current: boolean }>`
  width: 28px;
  height: 44px;
  padding: 0;
  border: none;
  background: none;
  cursor: pointer;
  &::before {
    content: '';
    display: block;
    margin: 0 auto;
    width: ${(p) => (p.$current ? '18px' : '10px')};
    height: 10px;
    border-radius: 999px;
    background: ${(p) => (p.$current ? theme.colors.accent : 'rgba(255, 255, 255, 0.55)')};
    transition: width 0.2s ease;
  }
`;

const Group = styled.div`
  display: flex;
  gap: 8px;
`;

const PauseIcon = () => (
  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <rect x="3" y="2" width="4" height="12" rx="1" />
    <rect x="9" y="2" width="4" height="12" rx="1" />
  </svg>
);
const PlayIcon = () => (
  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M4 2.5v11a.5.5 0 0 0 .77.42l8.5-5.5a.5.5 0 0 0 0-.84l-8.5-5.5A.5.5 0 0 0 4 2.5z" />
  </svg>
);
const Arrow = ({ back = false }: { back?: boolean }) => (
  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" style={back ? { transform: 'scaleX(-1)' } : undefined}>
    <path d="M5.3 1.3 4 2.6 9.4 8 4 13.4l1.3 1.3L12 8z" />
  </svg>
);

/**
 * A slideshow that plays by itself and loops (after the last slide comes the
 * first). It pauses while the pointer is over it or keyboard focus is anywhere
 * in it (a slide or any of its controls), and plays again when they leave,
 * unless the visitor pressed Pause. It has a visible Pause/Play button (Play
 * starts at once, even with the pointer or focus still inside), previous/next
 * and one button per slide (no thumbnails), and does not play by itself when
 * the visitor prefers reduced motion. Slides out of view are hidden from
 * assistive technology and from the tab order.
 */
export function Carousel<T>({ items, label, getKey, renderSlide, slideLabel, interval = 6000 }: CarouselProps<T>) {
  const count = items.length;
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  /** What the visitor chose with the button; null: not chosen (plays unless reduced motion). */
  const [chosenPaused, setChosenPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const paused = chosenPaused ?? reducedMotion;
  const playing = count > 1 && !paused && !hovered && !focused;
  const current = count === 0 ? 0 : index % count;

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [playing, current, count, interval]);

  if (count === 0) return null;

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(current + 1);
    else if (e.key === 'ArrowLeft') go(current - 1);
    else return;
    e.preventDefault();
  };
  // Focus moving between elements inside the carousel neither pauses nor resumes it.
  const onFocus = (e: FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(true);
  };
  const onBlur = (e: FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  const togglePlay = () => {
    if (paused) {
      // Play means play now: the pointer or focus that is still on the button does not hold it.
      setHovered(false);
      setFocused(false);
    }
    setChosenPaused(!paused);
  };

  return (
    <Root
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <Viewport onKeyDown={onKeyDown}>
        <Track $index={current} $animate={!reducedMotion} aria-live={playing ? 'off' : 'polite'} data-testid="carousel-track">
          {items.map((item, i) => {
            const active = i === current;
            return (
              <Slide
                key={getKey(item)}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}${slideLabel ? `: ${slideLabel(item, i)}` : ''}`}
                aria-hidden={active ? undefined : true}
                inert={!active}
              >
                {renderSlide(item, i, active)}
              </Slide>
            );
          })}
        </Track>
      </Viewport>
      {count > 1 && (
        <Controls>
          <ControlButton type="button" onClick={togglePlay} aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}>
            {paused ? <PlayIcon /> : <PauseIcon />}
            <span aria-hidden="true">{paused ? 'Play' : 'Pause'}</span>
          </ControlButton>
          <Dots role="group" aria-label="Choose a slide">
            {items.map((item, i) => (
              <Dot
                key={getKey(item)}
                type="button"
                $current={i === current}
                aria-label={`Slide ${i + 1}${slideLabel ? `: ${slideLabel(item, i)}` : ''}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </Dots>
          <Group>
            <ControlButton type="button" aria-label="Previous slide" onClick={() => go(current - 1)}>
              <Arrow back />
            </ControlButton>
            <ControlButton type="button" aria-label="Next slide" onClick={() => go(current + 1)}>
              <Arrow />
            </ControlButton>
          </Group>
        </Controls>
      )}
    </Root>
  );
}
