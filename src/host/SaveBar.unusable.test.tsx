import { screen } from '@testing-library/react';
import en from '../../translations/en.json';
import { renderWithProviders } from '../test/renderWithProviders';
import { createFakeHost } from '../test/fakeHost';
import { HostSaveBar } from './SaveBar';

describe('host save bar with a broken ui-save-bar', () => {
  it('a ui-save-bar element without show/hide (a partial App Bridge) falls back to the Polaris save bar', () => {
    customElements.define('ui-save-bar', class extends HTMLElement {});
    const onSave = jest.fn();
    renderWithProviders(<HostSaveBar open onSave={onSave} onDiscard={jest.fn()} />, {
      host: createFakeHost({ kind: 'appBridge' }),
    });
    expect(screen.getByText(en['General.unsavedChanges'])).toBeInTheDocument();
    screen.getByRole('button', { name: en['General.actions.save'] }).click();
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
