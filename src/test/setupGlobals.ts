// jsdom gaps the app relies on (runs before the test framework).
import { TextDecoder, TextEncoder } from 'node:util';
import 'whatwg-fetch';
import { mediaQueryList } from './mediaQueryList';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// A test file may run in Node instead (`@jest-environment node`: a server render).
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => mediaQueryList(query, false),
    });
  }

  if (!('ResizeObserver' in window)) {
    Object.assign(window, {
      ResizeObserver: class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
  }
  // jsdom has no layout: its window.scroll/scrollTo only report "Not implemented" (Polaris' scroll lock
  // calls window.scroll when a modal closes). Nothing to scroll, so they do nothing.
  window.scroll = () => undefined;
  window.scrollTo = () => undefined;
  // Nor Element.scrollBy (Polaris' Listbox scrolls the active option into view with it).
  if (!Element.prototype.scrollBy) Element.prototype.scrollBy = () => undefined;
}
