import { act, fireEvent } from '@testing-library/react';

/**
 * Escape as a browser sends it, to the focused element: Polaris (modals, popovers) listens for the
 * key's keyCode 27, which user-event does not set.
 */
export async function pressEscape(): Promise<void> {
  await act(async () => {
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
    fireEvent.keyUp(document.activeElement!, { key: 'Escape', keyCode: 27 });
  });
}
