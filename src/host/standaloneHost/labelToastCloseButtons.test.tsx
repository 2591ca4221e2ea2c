import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import de from '../../../translations/de.json';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createStandaloneHost } from './standaloneHost';
import { StandaloneHostUI } from './StandaloneHostUI';

function ShowToast({ host, message }: { host: ReturnType<typeof createStandaloneHost>; message: string }) {
  useEffect(() => host.toast(message, { isError: true }), [host, message]);
  return null;
}

describe('standalone toasts', () => {
  it("give Polaris' icon-only close button a translated name", async () => {
    const host = createStandaloneHost({ fetch: jest.fn() });
    renderWithProviders(
      <>
        <StandaloneHostUI host={host} />
        <ShowToast host={host} message="Something went wrong" />
      </>,
      { locale: 'de', messages: de },
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Schließen' })).toBeInTheDocument());
    expect(document.querySelectorAll('.Polaris-Frame-Toast__CloseButton:not([aria-label])')).toHaveLength(0);
  });
});
