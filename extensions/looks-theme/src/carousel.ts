import { $, on, setAttr } from './dom';

/**
 * The carousel: previous / next scroll the track by most of its width; a button at its end is marked
 * disabled (and keeps focus). The ends are read when the track is laid out anyway (ResizeObserver,
 * scroll), never at startup: reading scroll sizes there would force a layout before the page's first paint.
 */
export function wireCarousel(w: Element): void {
  const track = $(w, '.sl-track');
  const prev = $(w, '.sl-prev');
  const next = $(w, '.sl-next');
  if (!track || !prev || !next) return;
  const ends = () => {
    setAttr(prev, 'aria-disabled', track.scrollLeft <= 0);
    setAttr(next, 'aria-disabled', track.scrollLeft + track.clientWidth >= track.scrollWidth - 1);
  };
  const go = (dir: number) => () => track.scrollBy({ left: dir * track.clientWidth * 0.8, behavior: 'smooth' });
  on(prev, 'click', go(-1));
  on(next, 'click', go(1));
  on(track, 'scroll', ends, { passive: true });
  if (window.ResizeObserver) new ResizeObserver(ends).observe(track);
  else ends();
}
