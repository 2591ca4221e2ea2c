import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from '../../contracts/layout';
import LayoutPage from './LayoutPage';

function mockApi(saved: Partial<LayoutSettings> = {}, previewStatus = 200) {
  const previews: LayoutSettings[] = [];
  const patches: LayoutSettings[] = [];
  jest.spyOn(global, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost').pathname;
    if (url.endsWith('/layout/preview')) {
      const body = JSON.parse(await request.text());
      previews.push(body);
      return new Response(previewStatus === 200 ? `<html><body>${body.definedTemplate}|${body.customTitle}</body></html>` : '{}', { status: previewStatus, headers: { 'Content-Type': 'text/html' } });
    }
    if (url.endsWith('/layout') && request.method === 'PATCH') {
      const body = JSON.parse(await request.text());
      patches.push(body);
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify({ ...DEFAULT_LAYOUT_SETTINGS, ...saved }), { headers: { 'Content-Type': 'application/json' } });
  });
  return { previews, patches };
}

const frame = () => screen.getByTestId('layout-preview-frame') as HTMLIFrameElement;

describe('LayoutPage', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('previews in a sandboxed srcdoc frame, at once on template change and 1500 ms after text edits', async () => {
    const { previews } = mockApi();
    renderWithProviders(<LayoutPage />);
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('inpage_r|{product}'));
    expect(frame().getAttribute('sandbox')).toBe('allow-scripts');

    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'shoppable' } });
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('shoppable|'));

    jest.useFakeTimers();
    const count = previews.length;
    fireEvent.change(screen.getByLabelText('Widget title'), { target: { value: 'Complete the look' } });
    act(() => jest.advanceTimersByTime(1400));
    expect(previews.length).toBe(count);
    act(() => jest.advanceTimersByTime(200));
    jest.useRealTimers();
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('shoppable|Complete the look'));
    expect(previews.length).toBe(count + 1);
  });

  it('popup shows the unavailable message instead of a frame; mobile is 450 px', async () => {
    mockApi({ definedTemplate: '' });
    renderWithProviders(<LayoutPage />);
    expect(await screen.findByText('Preview unavailable: Popup templates cannot be previewed in this interface')).toBeInTheDocument();
    expect(screen.queryByTestId('layout-preview-frame')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'multi_col' } });
    await waitFor(() => expect(frame()).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Mobile' }));
    expect(frame().style.width).toBe('450px');
  });

  it('a failing preview shows the preview-error toast', async () => {
    mockApi({}, 500);
    const host = createFakeHost();
    renderWithProviders(<LayoutPage />, { host });
    await waitFor(() => expect(host.toasts).toContainEqual({ message: 'The preview could not be loaded.', isError: true }));
  });

  it('saves with the empty selector as null and the popup as the empty string', async () => {
    const { patches } = mockApi({ definedTemplate: '' });
    const host = createFakeHost();
    renderWithProviders(<LayoutPage />, { host, shop: { scriptTagSupported: true } });
    await screen.findByLabelText('Template');
    fireEvent.change(screen.getByLabelText('Placement'), { target: { value: 'selector' } });
    fireEvent.change(await screen.findByLabelText('CSS selector'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Add to cart text'), { target: { value: 'Buy' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ definedTemplate: '', placementMethod: 'selector', inPageCssSelector: null, addToCartText: 'Buy' });
    await waitFor(() => expect(host.toasts).toContainEqual({ message: 'Changes saved', isError: false }));
  });

  it('an empty add to cart text is refused before sending', async () => {
    const { patches } = mockApi();
    renderWithProviders(<LayoutPage />);
    fireEvent.change(await screen.findByLabelText('Add to cart text'), { target: { value: '' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add to cart text is a required field')).toBeInTheDocument();
    expect(patches).toHaveLength(0);
  });
});
