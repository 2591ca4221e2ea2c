import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DEFAULT_LAYOUT_SETTINGS } from '../../contracts/layout';
import { mockBackend, ok } from '../../test/fakeBackend';
import LayoutLegacyPage from './LayoutLegacyPage';

describe('LayoutLegacyPage', () => {
  it('turning the custom CSS toggle off saves customCss as null', async () => {
    const backend = mockBackend({
      'GET /layout': ok({ ...DEFAULT_LAYOUT_SETTINGS, customCss: '.sl-title{color:red}' }),
      'PATCH /layout': ({ body }) => ok(body),
    });
    const patches = () => backend.callsTo('PATCH /layout').map((c) => c.body);
    renderWithProviders(<LayoutLegacyPage />);
    const toggle = await screen.findByLabelText('Use custom CSS');
    expect(toggle).toBeChecked();
    expect(screen.getByLabelText('Custom CSS')).toHaveValue('.sl-title{color:red}');
    fireEvent.click(toggle);
    expect(screen.queryByLabelText('Custom CSS')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].customCss).toBeNull();
  });
});
