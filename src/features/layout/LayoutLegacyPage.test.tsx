import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from '../../contracts/layout';
import { mockBackend, ok } from '../../test/fakeBackend';
import LayoutLegacyPage from './LayoutLegacyPage';

function mockApi(saved: Partial<LayoutSettings>) {
  const backend = mockBackend({
    'GET /layout': ok({ ...DEFAULT_LAYOUT_SETTINGS, ...saved }),
    'PATCH /layout': ({ body }) => ok(body),
    'POST /layout/preview': ({ body }) => ok(`<html><body>${body.definedTemplate}|${body.customTitle}</body></html>`),
  });
  return { patches: () => backend.callsTo('PATCH /layout').map((c) => c.body) };
}

describe('LayoutLegacyPage', () => {
  it('turning the custom CSS toggle off saves customCss as null', async () => {
    const api = mockApi({ customCss: '.sl-title{color:red}' });
    renderWithProviders(<LayoutLegacyPage />);
    const toggle = await screen.findByLabelText('Use custom CSS');
    expect(toggle).toBeChecked();
    expect(screen.getByLabelText('Custom CSS')).toHaveValue('.sl-title{color:red}');
    fireEvent.click(toggle);
    expect(screen.queryByLabelText('Custom CSS')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0].customCss).toBeNull();
  });

  it.each([
    ['an empty stylesheet', ''],
    ['a blank stylesheet', '  \n'],
    ['no stylesheet', null],
  ])('shows the toggle off for %s (nothing is added to the widget)', async (_name, customCss) => {
    mockApi({ customCss });
    renderWithProviders(<LayoutLegacyPage />);
    expect(await screen.findByLabelText('Use custom CSS')).not.toBeChecked();
    expect(screen.queryByLabelText('Custom CSS')).not.toBeInTheDocument();
  });

  it('switching the toggle on opens an empty stylesheet that saves', async () => {
    const api = mockApi({ customCss: null });
    renderWithProviders(<LayoutLegacyPage />);
    fireEvent.click(await screen.findByLabelText('Use custom CSS'));
    expect(screen.getByLabelText('Use custom CSS')).toBeChecked();
    fireEvent.change(screen.getByLabelText('Custom CSS'), { target: { value: '.sl-title{color:blue}' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0].customCss).toBe('.sl-title{color:blue}');
    expect(screen.getByLabelText('Use custom CSS')).toBeChecked();
  });

  it('has the live preview its template help promises', async () => {
    mockApi({});
    renderWithProviders(<LayoutLegacyPage />);
    expect(await screen.findByText('The preview updates as soon as you pick a template.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('layout-preview-frame').getAttribute('srcdoc')).toContain('inpage_r|{product}'),
    );
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 'shoppable' } });
    await waitFor(() =>
      expect(screen.getByTestId('layout-preview-frame').getAttribute('srcdoc')).toContain('shoppable|'),
    );
  });
});
