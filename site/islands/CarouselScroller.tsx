/**
 * The scrolling part of a recommended-tours carousel. The cards are static HTML (the slot); CSS scroll-snap
 * makes them swipeable with no JavaScript at all. Once hydrated this adds the 'Anterior' / 'Siguiente'
 * buttons: cards per view, stepping and looping come from the shared carousel rules, and each step scrolls
 * one card in CAROUSEL_SPEED_MS (at once for visitors who ask for reduced motion).
 */
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { CAROUSEL_SPEED_MS } from '#shared/constants.ts';
import { canStepCarousel, countCarouselCardsPerView, stepCarousel, type CarouselDirection } from '#shared/rules/content.ts';
import './carousel-scroller.css';

export interface CarouselScrollerProps {
  /** The carousel's name, for the scroll area and its buttons. */
  label: string;
  count: number;
  /** `shouldCarouselLoop(count)`, decided at build time. */
  loop: boolean;
  children?: ReactNode;
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

function cardsOf(viewport: HTMLElement): HTMLElement[] {
  return [...viewport.querySelectorAll<HTMLElement>('[data-carousel-card]')];
}

export default function CarouselScroller({ label, count, loop, children }: CarouselScrollerProps) {
  const id = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const animation = useRef<number | null>(null);
  const [ready, setReady] = useState(false);
  const [index, setIndex] = useState(0);
  const [perView, setPerView] = useState(1);

  // Cards per view follow the window width, as the spec's breakpoints do.
  useEffect(() => {
    const measure = () => setPerView(countCarouselCardsPerView({ widthPx: window.innerWidth, editMode: false }));
    measure();
    setReady(true);
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // A swipe moves the view too: the first card in view is the one nearest the left edge.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const cards = cardsOf(el);
        const origin = cards[0]?.offsetLeft ?? 0;
        const distances = cards.map((card) => Math.abs(card.offsetLeft - origin - el.scrollLeft));
        const nearest = distances.indexOf(Math.min(...distances));
        if (animation.current === null) setIndex(nearest);
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  const scrollToCard = useCallback((target: number) => {
    const el = viewport.current;
    if (!el) return;
    const cards = cardsOf(el);
    const left = (cards[target]?.offsetLeft ?? 0) - (cards[0]?.offsetLeft ?? 0);
    if (animation.current !== null) cancelAnimationFrame(animation.current);
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced) {
      el.scrollLeft = left;
      return;
    }
    // Snapping would fight the animation frame by frame, so it is off until the card is in place.
    const start = el.scrollLeft;
    const began = performance.now();
    el.style.scrollSnapType = 'none';
    const tick = (now: number) => {
      const t = Math.min(1, (now - began) / CAROUSEL_SPEED_MS);
      el.scrollLeft = start + (left - start) * easeInOut(t);
      if (t < 1) {
        animation.current = requestAnimationFrame(tick);
      } else {
        animation.current = null;
        el.style.scrollSnapType = '';
      }
    };
    animation.current = requestAnimationFrame(tick);
  }, []);

  const step = (direction: CarouselDirection) => {
    if (!canStepCarousel({ index, count, perView, loop, direction })) return;
    const next = stepCarousel({ index, count, perView, loop, direction });
    setIndex(next);
    scrollToCard(next);
  };

  const canPrevious = canStepCarousel({ index, count, perView, loop, direction: 'previous' });
  const canNext = canStepCarousel({ index, count, perView, loop, direction: 'next' });
  const showButtons = ready && (canPrevious || canNext);

  return (
    <div className="carousel-scroller">
      <div className="carousel-scroller__viewport" id={id} ref={viewport} style={ready ? ({ '--per-view': perView } as CSSProperties) : undefined}>
        {children}
      </div>
      {showButtons && (
        <fieldset className="carousel-scroller__controls" aria-label={`Desplazar ${label}`}>
          <ArrowButton label="Anterior" controls={id} disabled={!canPrevious} path="M15 5l-7 7 7 7" onClick={() => step('previous')} />
          <ArrowButton label="Siguiente" controls={id} disabled={!canNext} path="M9 5l7 7-7 7" onClick={() => step('next')} />
        </fieldset>
      )}
    </div>
  );
}

/** A previous/next button: aria-disabled rather than disabled, so it keeps its focus at either end. */
function ArrowButton({ label, controls, disabled, path, onClick }: { label: string; controls: string; disabled: boolean; path: string; onClick: () => void }) {
  return (
    <button type="button" className="carousel-scroller__button" aria-label={label} aria-controls={controls} aria-disabled={disabled} onClick={onClick}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
