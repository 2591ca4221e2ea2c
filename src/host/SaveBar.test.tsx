import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import en from '../../translations/en.json';
import { renderWithProviders } from '../test/renderWithProviders';
import { createFakeHost } from '../test/fakeHost';
import { HostSaveBar } from './SaveBar';

const calls: string[] = [];

/** Renders the bar open or closed by a checkbox, so tests can flip it and unmount it. */
function Harness({ onSave, onDiscard }: { onSave(): void; onDiscard(): void }) {
  const [open, setOpen] = useState(true);
  const [mounted, setMounted] = useState(true);
  return (
    <>
      <button onClick={() => setOpen((o) => !o)}>toggle</button>
      <button onClick={() => setMounted(false)}>unmount</button>
      {mounted && <HostSaveBar open={open} onSave={onSave} onDiscard={onDiscard} />}
    </>
  );
}

// Custom elements cannot be undefined again: the tests run in this order on one registry.
describe('host save bar', () => {
  it('inside Shopify admin without ui-save-bar (App Bridge script blocked): the Polaris save bar, no crash', () => {
    const onSave = jest.fn();
    const onDiscard = jest.fn();
    renderWithProviders(<Harness onSave={onSave} onDiscard={onDiscard} />, {
      host: createFakeHost({ kind: 'appBridge' }),
    });
    expect(screen.getByText(en['General.unsavedChanges'])).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: en['General.actions.save'] }));
    expect(onSave).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: en['General.actions.discard'] }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(document.querySelector('ui-save-bar')).toBeNull();
  });

  it('switches to App Bridge ui-save-bar once its script defines it, shown and hidden through its methods', async () => {
    const onSave = jest.fn();
    renderWithProviders(<Harness onSave={onSave} onDiscard={jest.fn()} />, {
      host: createFakeHost({ kind: 'appBridge' }),
    });
    expect(screen.getByText(en['General.unsavedChanges'])).toBeInTheDocument();
    await act(async () => {
      customElements.define(
        'ui-save-bar',
        class extends HTMLElement {
          show() {
            calls.push('show');
          }
          hide() {
            calls.push('hide');
          }
        },
      );
    });
    await waitFor(() => expect(document.querySelector('ui-save-bar')).not.toBeNull());
    expect(screen.queryByText(en['General.unsavedChanges'])).toBeNull();
    expect(calls).toEqual(['show']);
    const bar = document.querySelector('ui-save-bar')!;
    expect(bar.id).toBe('shoppable-looks-save-bar');
    fireEvent.click(bar.querySelector('button[variant="primary"]')!);
    expect(onSave).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(calls).toEqual(['show', 'hide']);
    fireEvent.click(screen.getByRole('button', { name: 'unmount' }));
    expect(calls).toEqual(['show', 'hide', 'hide']);
  });

  it('standalone keeps the Polaris save bar even where ui-save-bar exists', () => {
    renderWithProviders(<Harness onSave={jest.fn()} onDiscard={jest.fn()} />, {
      host: createFakeHost({ kind: 'standalone' }),
    });
    expect(screen.getByText(en['General.unsavedChanges'])).toBeInTheDocument();
    expect(document.querySelector('ui-save-bar')).toBeNull();
  });
});
