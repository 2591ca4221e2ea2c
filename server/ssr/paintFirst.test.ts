import vm from 'node:vm';
import { EARLY_CLICK_REPLAY, EARLY_INPUT_REPLAY, PAINTED_EVENT } from '../../src/contracts/paintFirst';
import { PAINT_WAIT_MS, paintFirst } from './paintFirst';

const TEMPLATE = `<!doctype html><html lang=en><head><link href=/assets/vendor.css rel=stylesheet></head><body>
<div id=root></div>
<script defer src=/assets/runtime.1.js></script><script defer="defer" src="/assets/main.2.js"></script>
</body></html>`;

describe('paintFirst', () => {
  const html = paintFirst(TEMPLATE);

  /**
   * The loader on a page that keeps its capture listeners by type (`root` is
   * #root; `globals` adds to the page's): the listeners, the page's window,
   * and `dispatch`, which sends an event to a listener and says whether it
   * was prevented.
   */
  function runListening(root: unknown, globals: Record<string, unknown> = {}) {
    const script = /<script>(\(function\(\)\{var s=.*?)<\/script><\/body>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const listeners = new Map<string, (e: unknown) => void>();
    const window: Record<string, () => unknown> = {};
    const document = {
      visibilityState: 'visible',
      getElementById: (id: string) => (id === 'root' ? root : null),
      addEventListener: (type: string, f: (e: unknown) => void) => listeners.set(type, f),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    const PerformanceObserver = class {
      observe() {}
    };
    vm.runInNewContext(script!, { document, window, setTimeout: () => undefined, PerformanceObserver, ...globals });
    const dispatch = (type: string, target: unknown, init: Record<string, unknown> = {}) => {
      const event = {
        type,
        target,
        ...init,
        prevented: false,
        preventDefault() {
          this.prevented = true;
        },
        stopPropagation() {},
      };
      listeners.get(type)!(event);
      return event.prevented;
    };
    return { listeners, window, dispatch };
  }

  it('leaves no script to load before the paint', () => {
    expect(html).not.toMatch(/<script defer/);
    expect(html).not.toMatch(/rel="?preload/);
    // The page's chunks (webpack.config.ts, PreloadRouteChunks) wait for the same signal.
    expect(html).toContain('<html data-paint-first lang=en>');
  });

  function runLoader(visibility: 'visible' | 'hidden', { paintObserver = true } = {}) {
    const script = /<script>(\(function\(\)\{var s=.*?)<\/script><\/body>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const added: { src: string; async: boolean }[] = [];
    const events: string[] = [];
    const frames: (() => void)[] = [];
    const timers: { f: () => void; ms: number }[] = [];
    const observers: ((list: { getEntriesByName(name: string): unknown[] }) => void)[] = [];
    class PerformanceObserver {
      constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
        if (!paintObserver) throw new TypeError('not supported');
        observers.push(callback);
      }
      observe(options: unknown) {
        expect(options).toEqual({ type: 'paint', buffered: true });
      }
    }
    // Two thumbnails waiting for the paint (src/components/ProductThumbnail.tsx).
    const images = ['/files/a.jpg?width=80', '/files/b.jpg?width=80'].map((url) => ({
      src: '',
      getAttribute: (name: string) => (name === 'data-paint-src' ? url : null),
    }));
    const document = {
      visibilityState: visibility,
      querySelectorAll: (selector: string) => (selector === 'img[data-paint-src]' ? images : []),
      createElement: () => ({ src: '', async: true }),
      body: { appendChild: (e: { src: string; async: boolean }) => added.push(e) },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: (event: { type: string }) => events.push(event.type),
    };
    vm.runInNewContext(script!, {
      document,
      window: {},
      Event: class {
        constructor(readonly type: string) {}
      },
      PerformanceObserver,
      requestAnimationFrame: (f: () => void) => frames.push(f),
      setTimeout: (f: () => void, ms: number) => timers.push({ f, ms }),
    });
    const runTimers = (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.f());
    const paint = (names: string[]) =>
      observers.forEach((o) => o({ getEntriesByName: (n) => names.filter((x) => x === n) }));
    return { added, events, frames, runTimers, paint, images };
  }

  const inOrder = [
    { src: '/assets/runtime.1.js', async: false },
    { src: '/assets/main.2.js', async: false },
  ];

  it('adds the scripts in order, not async, in the task after the first contentful paint is reported', () => {
    const { added, events, runTimers, paint, images } = runLoader('visible');
    paint(['first-paint']);
    runTimers(0);
    expect(added).toEqual([]); // drawn, but nothing contentful yet
    expect(images.map((i) => i.src)).toEqual(['', '']);
    paint(['first-contentful-paint']);
    expect(added).toEqual([]); // inside the observer: the next task adds them
    runTimers(0);
    expect(events).toEqual([PAINTED_EVENT]); // the page's chunk preloads start with them
    expect(added).toEqual(inOrder);
    // The thumbnails are fetched now, not before the paint.
    expect(images.map((i) => i.src)).toEqual(['/files/a.jpg?width=80', '/files/b.jpg?width=80']);
    runTimers(PAINT_WAIT_MS);
    expect(added).toEqual(inOrder); // once only
  });

  it('keeps the last button clicked before the app took over and clicks it again when asked', () => {
    const { listeners, window, dispatch } = runListening(null);
    const clicked: string[] = [];
    const button = (name: string, disabled = false) => ({
      name,
      disabled,
      isConnected: true,
      click: () => clicked.push(name),
    });
    const click = (target: unknown) =>
      dispatch('click', { closest: (s: string) => (s === '.Polaris-DropZone' ? null : target) });
    expect(click(button('Select main product'))).toBe(true);
    expect(click(button('Save', true))).toBe(false); // a disabled button is left alone
    expect(click(null)).toBe(false); // not a button (a link works as a link)
    window[EARLY_CLICK_REPLAY]();
    expect(clicked).toEqual(['Select main product']);
    expect(listeners.has('click')).toBe(false);
    window[EARLY_CLICK_REPLAY]();
    expect(clicked).toEqual(['Select main product']); // once
  });

  it('keeps Enter in a text field as the last action and presses it there again; stops a form submitted meanwhile', () => {
    const pressed: string[] = [];
    const element = (name: string, selector: string, inRoot = true) => ({
      name,
      inRoot,
      nodeType: 1,
      tagName: selector === 'button' ? 'BUTTON' : 'INPUT',
      isConnected: true,
      value: '',
      checked: false,
      files: null,
      disabled: false,
      matches: (s: string) => s === 'input,textarea,select' || s === selector,
      closest: (s: string) => (s === 'button,[role=button]' && selector === 'button' ? element(name, 'button') : null),
      click: () => pressed.push(`click ${name}`),
      dispatchEvent: (event: { type: string; key: string; bubbles: boolean; cancelable: boolean }) =>
        pressed.push(`${event.type} ${event.key} ${name} ${event.bubbles} ${event.cancelable}`),
    });
    const textField = 'input:not([type=checkbox]):not([type=radio]):not([type=file])';
    const tag = element('tag', textField);
    const featured = element('featured', 'input[type=checkbox]');
    const outside = element('search', textField, false);
    const root = { contains: (t: { inRoot: boolean }) => t.inRoot, querySelectorAll: () => [tag, featured] };
    const { listeners, window, dispatch } = runListening(root, {
      KeyboardEvent: class {
        readonly key: string;
        readonly bubbles: boolean;
        readonly cancelable: boolean;
        constructor(
          readonly type: string,
          init: { key: string; bubbles: boolean; cancelable: boolean },
        ) {
          ({ key: this.key, bubbles: this.bubbles, cancelable: this.cancelable } = init);
        }
      },
    });
    const replay = () => {
      window[EARLY_INPUT_REPLAY]();
      window[EARLY_CLICK_REPLAY]();
    };

    // Typed, then Enter: the browser's implicit submission of the form is stopped, the Enter kept.
    tag.value = 'summer';
    dispatch('input', tag);
    expect(dispatch('keydown', tag, { key: 'Enter' })).toBe(false); // the key itself goes on (a button's Enter clicks it)
    expect(dispatch('submit', { nodeType: 1, inRoot: true })).toBe(true);
    expect(dispatch('submit', { nodeType: 1, inRoot: false })).toBe(false); // not the app's page
    dispatch('keydown', featured, { key: 'Enter' }); // no text field: not an action
    dispatch('keydown', outside, { key: 'Enter' });
    dispatch('keydown', tag, { key: 'Enter', isComposing: true }); // an input method's Enter
    dispatch('keydown', tag, { key: 'a' });
    replay();
    expect(pressed).toEqual(['keydown Enter tag true true']);
    expect(listeners.has('keydown')).toBe(false);
    expect(listeners.has('submit')).toBe(false);
  });

  it("keeps the Enter through the browser's change at it; drops it when the field is typed in after it, or a button is clicked later", () => {
    const run = () => {
      const pressed: string[] = [];
      const tag = {
        nodeType: 1,
        tagName: 'INPUT',
        isConnected: true,
        value: 'summer',
        matches: () => true,
        closest: () => null,
        dispatchEvent: () => pressed.push('Enter in the tag field'),
      };
      const add = { isConnected: true, disabled: false, matches: () => false, click: () => pressed.push('Add') };
      const root = { contains: () => true, querySelectorAll: () => [tag] };
      const { listeners, window } = runListening(root, { KeyboardEvent: class {} });
      const on = (type: string, event: Record<string, unknown>) =>
        listeners.get(type)!({ preventDefault() {}, stopPropagation() {}, ...event });
      const replay = () => {
        window[EARLY_INPUT_REPLAY]();
        window[EARLY_CLICK_REPLAY]();
        return pressed;
      };
      return { tag, add, on, replay };
    };
    const typedOn = run();
    typedOn.on('keydown', { target: typedOn.tag, key: 'Enter' });
    typedOn.on('change', { type: 'change', target: typedOn.tag }); // the browser's change at the Enter: kept
    typedOn.on('input', { type: 'input', target: typedOn.tag }); // went on typing: nothing happened at the Enter
    expect(typedOn.replay()).toEqual([]);
    const enteredLast = run();
    enteredLast.on('input', { type: 'input', target: enteredLast.tag });
    enteredLast.on('keydown', { target: enteredLast.tag, key: 'Enter' });
    enteredLast.on('change', { type: 'change', target: enteredLast.tag });
    expect(enteredLast.replay()).toEqual(['Enter in the tag field']);
    const clickedLater = run();
    clickedLater.on('keydown', { target: clickedLater.tag, key: 'Enter' });
    clickedLater.on('click', {
      target: { closest: (s: string) => (s === 'button,[role=button]' ? clickedLater.add : null) },
    });
    expect(clickedLater.replay()).toEqual(['Add']);
  });

  it("records the last state of each of #root's fields edited before the app took over, and hands them over once", () => {
    const field = (name: string, inRoot = true) => ({
      name,
      inRoot,
      nodeType: 1,
      value: '',
      checked: false,
      files: null as unknown,
      matches: (s: string) => s === 'input,textarea,select',
    });
    const tag = field('tag');
    const image = field('image');
    const outside = field('search', false);
    const fields = [tag, image];
    const root = { contains: (f: { inRoot: boolean }) => f.inRoot, querySelectorAll: () => fields };
    const { listeners, window } = runListening(root);
    tag.value = 'sum';
    listeners.get('input')!({ target: tag });
    tag.value = 'summer';
    listeners.get('input')!({ target: tag });
    image.files = ['early.png'];
    listeners.get('change')!({ target: image });
    listeners.get('input')!({ target: outside });
    listeners.get('input')!({ target: { nodeType: 1, inRoot: true, matches: () => false } }); // not a field
    const edits = window[EARLY_INPUT_REPLAY]() as Map<unknown, unknown>;
    expect([...edits.entries()]).toEqual([
      [tag, { value: 'summer', checked: false, files: null, index: 0 }],
      [image, { value: '', checked: false, files: ['early.png'], index: 1 }],
    ]);
    // Handed over once; the app's own handlers take every later edit.
    expect(listeners.has('input')).toBe(false);
    expect(listeners.has('change')).toBe(false);
    expect(window[EARLY_INPUT_REPLAY]).toBeUndefined();
  });

  it("opens an upload field's file chooser at the merchant's click, and takes a file dropped on it as chosen there", () => {
    const opened: string[] = [];
    const input = {
      nodeType: 1,
      inRoot: true,
      disabled: false,
      value: '',
      checked: false,
      files: null,
      click: () => opened.push('chooser'),
    };
    const inZone = {
      nodeType: 1,
      inRoot: true,
      closest: (s: string) => (s === '.Polaris-DropZone' ? { querySelector: () => input } : null),
    };
    const outsideZones = { nodeType: 1, inRoot: true, closest: () => null };
    const root = { contains: (t: { inRoot: boolean }) => t.inRoot, querySelectorAll: () => [input] };
    const { listeners, window, dispatch: send } = runListening(root);
    const dispatch = (type: string, target: unknown, dataTransfer?: unknown) => send(type, target, { dataTransfer });
    // "Add image" inside the drop zone: the chooser opens now, within the merchant's click; nothing to replay.
    expect(dispatch('click', inZone)).toBe(true);
    expect(opened).toEqual(['chooser']);
    // A file dragged over the page and dropped on the zone: not opened by the browser, kept as the input's.
    expect(dispatch('dragover', outsideZones)).toBe(true);
    expect(dispatch('drop', outsideZones, { files: ['elsewhere.png'] })).toBe(true);
    expect(dispatch('drop', inZone, { files: ['dropped.png'] })).toBe(true);
    expect([...(window[EARLY_INPUT_REPLAY]() as Map<unknown, unknown>).entries()]).toEqual([
      [input, { value: '', checked: false, files: ['dropped.png'], index: 0 }],
    ]);
    expect(listeners.has('drop')).toBe(false);
    expect(listeners.has('dragover')).toBe(false);
  });

  it('waits PAINT_WAIT_MS at most', () => {
    const { added, runTimers } = runLoader('visible');
    runTimers(PAINT_WAIT_MS);
    expect(added).toEqual(inOrder);
  });

  it('falls back to the task after the first frame without paint reports', () => {
    const { added, frames, runTimers } = runLoader('visible', { paintObserver: false });
    frames.forEach((f) => f());
    runTimers(0);
    expect(added).toEqual(inOrder);
  });

  it('starts at once in a background tab (no frames there)', () => {
    expect(runLoader('hidden').added.map((e) => e.src)).toEqual(['/assets/runtime.1.js', '/assets/main.2.js']);
  });

  it('leaves a page without deferred scripts as it is', () => {
    expect(paintFirst('<html><head></head><body></body></html>')).toBe('<html><head></head><body></body></html>');
  });
});
