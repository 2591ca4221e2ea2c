import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyOnce } from './lazyOnce';

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyOnce', () => {
  it('gives the component only once its module has run', async () => {
    const importer = jest.fn(() => Promise.resolve({ default: Hello }));
    const part = lazyOnce(importer);
    expect(part.loaded()).toBeUndefined();
    const module = await part.load();
    expect(module.default).toBe(Hello);
    expect(part.loaded()).toBe(Hello);
  });

  it('renders through Suspense before it is loaded', async () => {
    const part = lazyOnce(() => Promise.resolve({ default: Hello }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <part.Lazy name="lazy" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('hello lazy')).toBeInTheDocument();
    expect(part.loaded()).toBe(Hello);
  });

  it('Slot: a fallback while the chunk loads; once it has run, the component at once, with no fallback', async () => {
    const part = lazyOnce(() => Promise.resolve({ default: Hello }));
    const { unmount } = render(<part.Slot name="first" fallback={<p>loading</p>} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('hello first')).toBeInTheDocument();
    unmount();
    render(<part.Slot name="again" fallback={<p>loading</p>} />);
    expect(screen.getByText('hello again')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });
});
