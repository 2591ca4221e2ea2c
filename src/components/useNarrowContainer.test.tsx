import { act, render, screen } from '@testing-library/react';
import { useNarrowContainer } from './useNarrowContainer';

function Probe({ fallback = false }: { fallback?: boolean }) {
  const { ref, narrow } = useNarrowContainer<HTMLDivElement>(600, fallback);
  return <div ref={ref}>{narrow ? 'narrow' : 'wide'}</div>;
}

describe('useNarrowContainer', () => {
  const original = globalThis.ResizeObserver;
  const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  let width = 0;
  let notify: () => void = () => undefined;
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
    globalThis.ResizeObserver = class {
      constructor(callback: () => void) {
        notify = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    globalThis.ResizeObserver = original;
    if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
  });

  it('follows the measured width of the element, as the observer reports it (also when it changes)', () => {
    width = 560;
    render(<Probe />);
    // Nothing is read on mount (that would force a layout): the fallback until the first report.
    expect(screen.getByText('wide')).toBeInTheDocument();
    act(() => notify());
    expect(screen.getByText('narrow')).toBeInTheDocument();
    width = 900;
    act(() => notify());
    expect(screen.getByText('wide')).toBeInTheDocument();
    width = 599;
    act(() => notify());
    expect(screen.getByText('narrow')).toBeInTheDocument();
  });

  it('falls back while nothing can be measured', () => {
    width = 0;
    const { unmount } = render(<Probe fallback />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
    unmount();
    render(<Probe fallback={false} />);
    expect(screen.getByText('wide')).toBeInTheDocument();
  });
});
