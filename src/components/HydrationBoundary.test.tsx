import { Component, useEffect, type ReactNode } from 'react';
import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrationBoundary, whenBoundariesHydrated } from './HydrationBoundary';

/** A frame as Polaris': its state changes on mount, in the commit (a layout-effect update, at the highest priority). */
class Frame extends Component<{ children(mounted: boolean): ReactNode }, { mounted: boolean }> {
  state = { mounted: false };
  componentDidMount() {
    this.setState({ mounted: true });
  }
  render() {
    return this.props.children(this.state.mounted);
  }
}

/** A page as the app's: the frame, a part in a boundary, and what waits for the page to be live. */
function Page({ log }: { log: string[] }) {
  return (
    <main>
      <h1>Title</h1>
      <Frame>
        {(mounted) => (
          <HydrationBoundary>
            <Part label={mounted ? 'after mount' : 'first render'} log={log} />
          </HydrationBoundary>
        )}
      </Frame>
      <Live log={log} />
    </main>
  );
}

function Live({ log }: { log: string[] }) {
  useEffect(() => {
    log.push('frame effect');
    whenBoundariesHydrated(() => log.push('all hydrated'));
  }, [log]);
  return null;
}

function Part({ label, log }: { label: string; log: string[] }) {
  useEffect(() => {
    log.push(`part effect: ${label}`);
  }, [label, log]);
  return <p>{label}</p>;
}

describe('HydrationBoundary', () => {
  let container: HTMLElement;
  let root: Root | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
  });

  it("is a Suspense boundary in the server's markup (comments only) and nothing in a browser render", async () => {
    const html = renderToString(<Page log={[]} />);
    expect(html).toBe('<main><h1>Title</h1><!--$--><p>first render</p><!--/$--></main>');
    await act(async () => {
      root = createRoot(container);
      root.render(<Page log={[]} />);
    });
    expect(container.innerHTML).toBe('<main><h1>Title</h1><p>after mount</p></main>');
  });

  it('is hydrated after the rest, keeps the server markup through a re-render from above, then catches up', async () => {
    container.innerHTML = renderToString(<Page log={[]} />);
    const paragraph = container.querySelector('p');
    const log: string[] = [];
    const recoverable = jest.fn();
    await act(async () => {
      root = hydrateRoot(container, <Page log={log} />, { onRecoverableError: recoverable });
    });
    // Hydrated, not rendered anew: the same element, no "received an update before it finished hydrating".
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('p')).toBe(paragraph);
    // In a pass of its own after the frame's commit, with the props of the server's render first.
    expect(log.slice(0, 3)).toEqual(['frame effect', 'part effect: first render', 'all hydrated']);
    expect(container.querySelector('p')?.textContent).toBe('after mount');
    expect(log).toContain('part effect: after mount');
  });

  it('lets the wait end at once where no boundary waits (a page the browser rendered)', async () => {
    const log: string[] = [];
    await act(async () => {
      root = createRoot(container);
      root.render(<Page log={log} />);
    });
    expect(log).toEqual(['part effect: first render', 'frame effect', 'all hydrated', 'part effect: after mount']);
  });
});
