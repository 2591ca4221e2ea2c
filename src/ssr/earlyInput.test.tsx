import { useState } from 'react';
import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { EARLY_CLICK_REPLAY, EARLY_INPUT_REPLAY } from '../contracts/paintFirst';
import { HydrationBoundary } from '../components/HydrationBoundary';
import { ReplayEarlyClick } from './ReplayEarlyClick';
import { replayEarlyInput, type EarlyEdit } from './earlyInput';

/** A form as the app's: every field controlled by state, an Add button that reads the typed text. */
function LookFields({ onFiles, withReplay = true }: { onFiles(names: string[]): void; withReplay?: boolean }) {
  const [tag, setTag] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [note, setNote] = useState('kept from the server');
  const [status, setStatus] = useState('draft');
  const [featured, setFeatured] = useState(false);
  return (
    <form>
      <label htmlFor="tag">Add a tag</label>
      <input id="tag" value={tag} onChange={(e) => setTag(e.target.value)} />
      <button type="button" disabled={!tag} onClick={() => (setTags([...tags, tag]), setTag(''))}>
        Add
      </button>
      <textarea aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="draft">Draft</option>
        <option value="active">Active</option>
      </select>
      <input type="checkbox" aria-label="Featured" checked={featured} onChange={(e) => setFeatured(e.target.checked)} />
      <input type="file" aria-label="Image" onChange={(e) => onFiles([...(e.target.files ?? [])].map((f) => f.name))} />
      <output>{JSON.stringify({ tag, tags, note, status, featured })}</output>
      {withReplay && <ReplayEarlyClick />}
    </form>
  );
}

/** What the page's loader (server/ssr/paintFirst.ts) records, for this document: each edited field's last state. */
function recordAsTheLoader() {
  const edits = new Map<Element, EarlyEdit>();
  const record = (event: Event) => {
    const field = event.target as HTMLInputElement;
    const root = document.getElementById('root')!;
    edits.set(field, {
      value: field.value,
      checked: field.checked,
      files: field.files,
      index: [...root.querySelectorAll('input,textarea,select')].indexOf(field),
    });
  };
  document.addEventListener('input', record, true);
  document.addEventListener('change', record, true);
  Object.assign(window, {
    [EARLY_INPUT_REPLAY]: () => {
      document.removeEventListener('input', record, true);
      document.removeEventListener('change', record, true);
      delete (window as unknown as Record<string, unknown>)[EARLY_INPUT_REPLAY];
      return edits;
    },
  });
}

/** As the merchant does it in the browser, before any script of the app has run (no React handler yet). */
function type(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

const state = () => JSON.parse(document.querySelector('output')!.textContent!) as Record<string, unknown>;
const field = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;

describe('what a merchant did on the server-rendered page before the app took it over', () => {
  let root: Root | undefined;
  let container: HTMLElement;
  const onFiles = jest.fn();

  beforeEach(() => {
    container = document.createElement('div');
    container.id = 'root';
    document.body.append(container);
    container.innerHTML = renderToString(<LookFields onFiles={onFiles} />);
    recordAsTheLoader();
  });
  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
    delete (window as unknown as Record<string, unknown>)[EARLY_CLICK_REPLAY];
    onFiles.mockReset();
  });

  function editEverything() {
    type(field('#tag'), 'summer');
    type(field('textarea'), 'typed early');
    type(field('select'), 'active');
    field<HTMLInputElement>('input[type=checkbox]').click();
    const file = new File(['png'], 'early.png', { type: 'image/png' });
    const image = field<HTMLInputElement>('input[type=file]');
    Object.defineProperty(image, 'files', {
      configurable: true,
      value: Object.assign([file], { item: (i: number) => [file][i] }),
    });
    image.dispatchEvent(new Event('change', { bubbles: true }));
  }

  it('is in the app once hydrated: the typed text, the choice, the tick, and the chosen file handed to its handler', async () => {
    editEverything();
    await act(async () => {
      root = hydrateRoot(container, <LookFields onFiles={onFiles} />);
    });
    expect(state()).toEqual({ tag: 'summer', tags: [], note: 'typed early', status: 'active', featured: true });
    expect(field<HTMLInputElement>('#tag').value).toBe('summer');
    expect(field<HTMLTextAreaElement>('textarea').value).toBe('typed early');
    expect(field<HTMLButtonElement>('button').disabled).toBe(false);
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles).toHaveBeenCalledWith(['early.png']);
    expect(replayEarlyInput(window)).toBe(0); // once
  });

  it('is in the app when its fields are in Suspense boundaries hydrated after the page (selective hydration)', async () => {
    // The page's sections as the app has them (HydrationBoundary), the replay beside them, as in App.tsx.
    const page = (
      <div>
        <HydrationBoundary>
          <HydrationBoundary>
            <LookFields onFiles={onFiles} withReplay={false} />
          </HydrationBoundary>
        </HydrationBoundary>
        <ReplayEarlyClick />
      </div>
    );
    container.innerHTML = renderToString(page);
    editEverything();
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    expect(state()).toEqual({ tag: 'summer', tags: [], note: 'typed early', status: 'active', featured: true });
    expect(field<HTMLButtonElement>('button').disabled).toBe(false);
    expect(onFiles).toHaveBeenCalledWith(['early.png']);
  });

  it('is in the app when the browser rendered the page anew (the server page differed): the fields at the same places get it', async () => {
    type(field('#tag'), 'summer');
    type(field('textarea'), 'typed early');
    type(field('select'), 'active');
    field<HTMLInputElement>('input[type=checkbox]').click();
    const before = field('#tag');
    await act(async () => {
      root = createRoot(container);
      root.render(<LookFields onFiles={onFiles} />);
    });
    expect(field('#tag')).not.toBe(before); // new elements
    expect(state()).toEqual({ tag: 'summer', tags: [], note: 'typed early', status: 'active', featured: true });
  });

  it('clicks the button clicked before once the typed text is in the app: "Add" adds the typed tag', async () => {
    type(field('#tag'), 'summer');
    // The loader kept the click on Add (server/ssr/paintFirst.ts) and clicks it again when asked.
    Object.assign(window, { [EARLY_CLICK_REPLAY]: () => field<HTMLButtonElement>('button').click() });
    await act(async () => {
      root = hydrateRoot(container, <LookFields onFiles={onFiles} />);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(state()).toMatchObject({ tag: '', tags: ['summer'] });
  });

  it("changes nothing the merchant left as it was (the server's text stays, no file handed over)", async () => {
    type(field('#tag'), 'x');
    type(field('#tag'), ''); // typed and deleted again
    await act(async () => {
      root = hydrateRoot(container, <LookFields onFiles={onFiles} />);
    });
    expect(state()).toEqual({ tag: '', tags: [], note: 'kept from the server', status: 'draft', featured: false });
    expect(onFiles).not.toHaveBeenCalled();
  });
});
