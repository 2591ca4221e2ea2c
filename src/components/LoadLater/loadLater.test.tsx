import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fireEvent, render, screen } from '@testing-library/react';
import { LOAD_LATER_MARGIN, loadLater } from './loadLater';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** An IntersectionObserver the test drives: `enter()` reports every observed element on screen. */
class TestObserver {
  static all: TestObserver[] = [];
  observed: Element[] = [];
  options?: IntersectionObserverInit;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    TestObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  enter() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/** A module import the test resolves when it likes. */
function heldImport() {
  let release!: () => void;
  const importer = jest.fn(
    () =>
      new Promise<{ default: typeof Counter }>((resolve) => {
        release = () => resolve({ default: Counter });
      }),
  );
  return { importer, release: () => act(async () => release()) };
}

/** The server's markup of the part (its chunk there already, as in the server bundle). */
async function serverMarkup() {
  const server = loadLater(() => Promise.resolve({ default: Counter }));
  const page = <server.Part label="orders" fallback={<p>skeleton</p>} />;
  renderToString(page); // React.lazy learns its module in this first pass
  await server.load();
  await Promise.resolve();
  return renderToString(page);
}

/** The server's markup in the document, hydrated by a part whose chunk the test holds. */
async function hydrateServerMarkup() {
  const container = document.createElement('div');
  container.innerHTML = await serverMarkup();
  document.body.appendChild(container);
  const button = container.querySelector('button')!;
  const held = heldImport();
  const part = loadLater(held.importer);
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <part.Part label="orders" fallback={<p>skeleton</p>} />);
  });
  return { ...held, part, root, container, button };
}

beforeEach(() => {
  TestObserver.all = [];
  Object.defineProperty(window, 'IntersectionObserver', { value: TestObserver, configurable: true, writable: true });
});

describe('loadLater', () => {
  it('rendered by the browser: the fallback, the chunk requested at once, then the part', async () => {
    const { importer, release } = heldImport();
    const part = loadLater(importer);
    render(<part.Part label="orders" fallback={<p>skeleton</p>} />);
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
    await release();
    expect(await screen.findByRole('button', { name: 'orders 0' })).toBeInTheDocument();
    expect(screen.queryByText('skeleton')).not.toBeInTheDocument();
  });

  it("hydrated: keeps the server's markup and requests nothing until the part comes near the screen", async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { importer, release, container, button } = await hydrateServerMarkup();
    expect(container.textContent).toBe('orders 0');
    expect(importer).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(button); // the server's element, no fallback
    expect(container.textContent).not.toContain('skeleton');
    expect(TestObserver.all[0].options?.rootMargin).toBe(LOAD_LATER_MARGIN);

    act(() => TestObserver.all[0].enter());
    expect(importer).toHaveBeenCalledTimes(1);
    await release();
    // Hydrated in place: the same element, now the app's.
    expect(container.querySelector('button')).toBe(button);
    act(() => button.click());
    expect(button.textContent).toBe('orders 1');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    container.remove();
  });

  it.each(['pointerdown', 'focusin', 'keydown'])(
    'hydrated: the first act inside the part (%s) requests it before it comes near',
    async (type) => {
      const { importer, release, container, button } = await hydrateServerMarkup();
      expect(importer).not.toHaveBeenCalled();
      fireEvent(button, new Event(type, { bubbles: true }));
      expect(importer).toHaveBeenCalledTimes(1);
      act(() => TestObserver.all[0].enter()); // then near: the same request
      expect(importer).toHaveBeenCalledTimes(1);
      await release();
      container.remove();
    },
  );

  it("hydrated: new props before the chunk has come keep the server's markup; the part takes them once hydrated", async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { release, part, root, container, button } = await hydrateServerMarkup();
    await act(async () => root.render(<part.Part label="page 2" fallback={<p>skeleton</p>} />));
    expect(container.querySelector('button')).toBe(button);
    expect(container.textContent).toBe('orders 0'); // no fallback in its place
    act(() => TestObserver.all[0].enter());
    await release();
    await act(async () => undefined);
    expect(container.querySelector('button')).toBe(button);
    expect(button.textContent).toBe('page 2 0');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    container.remove();
  });

  it('a failed import is asked again at the next act', async () => {
    const importer = jest
      .fn<Promise<{ default: typeof Counter }>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Counter });
    const part = loadLater(importer);
    await expect(part.load()).rejects.toThrow('offline');
    await expect(part.load()).resolves.toEqual({ default: Counter });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
