import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from '../../contracts/layout';
import LayoutLegacyPage from './LayoutLegacyPage';

describe('LayoutLegacyPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('turning the custom CSS toggle off saves customCss as null', async () => {
    const patches: LayoutSettings[] = [];
    jest.spyOn(global, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.method === 'PATCH') {
        const body = JSON.parse(await request.text());
        patches.push(body);
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify({ ...DEFAULT_LAYOUT_SETTINGS, customCss: '.sl-title{color:red}' }), { headers: { 'Content-Type': 'application/json' } });
    });
    renderWithProviders(<LayoutLegacyPage />);
    const toggle = await screen.findByLabelText('Use custom CSS');
    expect(toggle).toBeChecked();
    expect(screen.getByLabelText('Custom CSS')).toHaveValue('.sl-title{color:red}');
    fireEvent.click(toggle);
    expect(screen.queryByLabelText('Custom CSS')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].customCss).toBeNull();
  });
});
