import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ApiTokenModal } from './ApiTokenModal';

describe('ApiTokenModal', () => {
  it('shows the token once with a security note; the copy confirmation lasts 2 s', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    jest.useFakeTimers();
    renderWithProviders(<ApiTokenModal token="shpl_secret" onClose={() => undefined} />);
    expect(screen.getByDisplayValue('shpl_secret')).toBeInTheDocument();
    expect(screen.getByText('This token is shown only once')).toBeInTheDocument();
    expect(screen.getByText(/keep it somewhere safe/)).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('shpl_secret');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    jest.useRealTimers();
  });
});
