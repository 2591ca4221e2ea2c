import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from '../../contracts/layout';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import LayoutPage from './LayoutPage';

function mockApi(saved: Partial<LayoutSettings> = {}, previewFails: boolean | (() => boolean) = false) {
  const failing = typeof previewFails === 'function' ? previewFails : () => previewFails;
  const backend = mockBackend({
    'GET /layout': ok({ ...DEFAULT_LAYOUT_SETTINGS, ...saved }),
    'PATCH /layout': ({ body }) => ok(body),
    'POST /layout/preview': ({ body }) =>
      failing() ? fail(500) : ok(`<html><body>${body.definedTemplate}|${body.customTitle}</body></html>`),
  });
  return {
    get previews() {
      return backend.callsTo('POST /layout/preview').map((c) => c.body);
    },
    get patches() {
      return backend.callsTo('PATCH /layout').map((c) => c.body);
    },
  };
}

const frame = () => screen.getByTestId('layout-preview-frame') as HTMLIFrameElement;

describe('LayoutPage', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('previews in a sandboxed srcdoc frame, at once on template change and 1500 ms after text edits', async () => {
    const api = mockApi();
    renderWithProviders(<LayoutPage />);
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('inpage_r|{product}'));
    expect(frame().getAttribute('sandbox')).toBe('allow-scripts');

    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'shoppable' } });
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('shoppable|'));

    jest.useFakeTimers();
    const count = api.previews.length;
    fireEvent.change(screen.getByLabelText('Widget title'), { target: { value: 'Complete the look' } });
    act(() => jest.advanceTimersByTime(1400));
    expect(api.previews.length).toBe(count);
    act(() => jest.advanceTimersByTime(200));
    jest.useRealTimers();
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('shoppable|Complete the look'));
    expect(api.previews.length).toBe(count + 1);
  });

  it('saving inside the 1500 ms debounce shows the saved values at once', async () => {
    const api = mockApi();
    renderWithProviders(<LayoutPage />);
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('inpage_r|{product}'));

    jest.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Widget title'), { target: { value: 'Saved title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // 400 ms in all: well inside the debounce, so only the save can have moved the preview.
    for (let i = 0; i < 8; i += 1) {
      await act(async () => {
        jest.advanceTimersByTime(50);
      });
    }
    expect(api.patches).toHaveLength(1);
    expect(api.previews.at(-1)).toMatchObject({ customTitle: 'Saved title' });
    expect(frame().getAttribute('srcdoc')).toContain('inpage_r|Saved title');
  });

  it('popup shows the unavailable message instead of a frame; mobile is 450 px', async () => {
    mockApi({ definedTemplate: '' });
    renderWithProviders(<LayoutPage />);
    expect(
      await screen.findByText('Preview unavailable: Popup templates cannot be previewed in this interface'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('layout-preview-frame')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'multi_col' } });
    await waitFor(() => expect(frame()).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Mobile' }));
    expect(frame().style.width).toBe('450px');
  });

  it('a failing preview says so in the preview, with a retry that loads it', async () => {
    let failing = true;
    const api = mockApi({}, () => failing);
    renderWithProviders(<LayoutPage />);
    expect(await screen.findByTestId('layout-preview-error')).toHaveTextContent('Your settings can still be saved.');
    expect(screen.getByText('The preview could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByTestId('layout-preview-frame')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('inpage_r|'));
    expect(screen.queryByText('The preview could not be loaded.')).toBeNull();
    expect(api.previews).toHaveLength(2);
  });

  it('a preview failing after an edit keeps the last one, marked as not showing the change', async () => {
    let failing = false;
    mockApi({}, () => failing);
    renderWithProviders(<LayoutPage />);
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('inpage_r|'));
    failing = true;
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'shoppable' } });
    expect(await screen.findByTestId('layout-preview-stale')).toHaveTextContent(
      'It still shows your settings from before your last change.',
    );
    expect(frame().getAttribute('srcdoc')).toContain('inpage_r|');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('shoppable|'));
    expect(screen.queryByTestId('layout-preview-stale')).toBeNull();
  });

  it('saves with the empty selector as null and the popup as the empty string', async () => {
    const api = mockApi({ definedTemplate: '' });
    const host = createFakeHost();
    renderWithProviders(<LayoutPage />, { host, shop: { scriptTagSupported: true } });
    await screen.findByLabelText('Template');
    fireEvent.change(screen.getByLabelText('Placement'), { target: { value: 'selector' } });
    fireEvent.change(await screen.findByLabelText('CSS selector'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Add to cart text'), { target: { value: 'Buy' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patches).toHaveLength(1));
    expect(api.patches[0]).toMatchObject({
      definedTemplate: '',
      placementMethod: 'selector',
      inPageCssSelector: null,
      addToCartText: 'Buy',
    });
    await waitFor(() => expect(host.toasts).toContainEqual({ message: 'Changes saved', isError: false }));
  });

  it('an empty add to cart text is refused before sending', async () => {
    const api = mockApi();
    renderWithProviders(<LayoutPage />);
    fireEvent.change(await screen.findByLabelText('Add to cart text'), { target: { value: '' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add to cart text is a required field')).toBeInTheDocument();
    expect(api.patches).toHaveLength(0);
  });
});
