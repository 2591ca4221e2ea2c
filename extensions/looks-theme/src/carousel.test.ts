/**
 * @jest-environment jsdom
 */
import { wireCarousel } from './carousel';

/** A carousel whose track has the given scroll sizes; counts reads of them (each forces a layout in a browser). */
function carousel(size: { scrollLeft: number; clientWidth: number; scrollWidth: number }) {
  document.body.innerHTML =
    '<section class="sl-widget"><div class="sl-carousel"><button class="sl-nav sl-prev">‹</button><div class="sl-track"></div><button class="sl-nav sl-next">›</button></div></section>';
  const w = document.querySelector('.sl-widget')!;
  const track = w.querySelector('.sl-track')!;
  const reads = { count: 0 };
  for (const key of Object.keys(size) as (keyof typeof size)[]) {
    Object.defineProperty(track, key, {
      get: () => {
        reads.count++;
        return size[key];
      },
    });
  }
  return { w, track, reads, prev: w.querySelector('.sl-prev')!, next: w.querySelector('.sl-next')! };
}

describe('wireCarousel', () => {
  let observed: { callback: () => void; target?: Element }[];
  beforeEach(() => {
    observed = [];
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      entry: { callback: () => void; target?: Element };
      constructor(callback: () => void) {
        this.entry = { callback };
        observed.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
    };
  });

  it('reads no layout at startup; marks the ends once the track is laid out, and again on scroll', () => {
    const size = { scrollLeft: 0, clientWidth: 300, scrollWidth: 700 };
    const { track, reads, prev, next, w } = carousel(size);
    wireCarousel(w);
    expect(reads.count).toBe(0);
    expect(observed).toHaveLength(1);
    expect(observed[0].target).toBe(track);

    observed[0].callback();
    expect(prev.getAttribute('aria-disabled')).toBe('true');
    expect(next.getAttribute('aria-disabled')).toBe('false');

    size.scrollLeft = 400;
    track.dispatchEvent(new Event('scroll'));
    expect(prev.getAttribute('aria-disabled')).toBe('false');
    expect(next.getAttribute('aria-disabled')).toBe('true');
  });

  it('without ResizeObserver, marks the ends right away', () => {
    delete (window as unknown as { ResizeObserver?: unknown }).ResizeObserver;
    const { prev, next, w } = carousel({ scrollLeft: 0, clientWidth: 300, scrollWidth: 300 });
    wireCarousel(w);
    expect(prev.getAttribute('aria-disabled')).toBe('true');
    expect(next.getAttribute('aria-disabled')).toBe('true');
  });
});
