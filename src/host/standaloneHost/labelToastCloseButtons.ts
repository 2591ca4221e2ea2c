import { useEffect } from 'react';
import { useIntl } from 'react-intl';

const CLOSE_BUTTON = '.Polaris-Frame-Toast__CloseButton';

/**
 * Polaris' Toast renders its close button with an icon and no accessible name (axe: button-name,
 * critical), and takes no prop for one. Until it does, every close button that appears gets the
 * translated "Close" as its name. Toasts render in the Frame's toast manager, after the Toast
 * element's own commit, hence an observer rather than an effect on the toasts.
 */
export function useLabelToastCloseButtons(): void {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'General.actions.close' });
  useEffect(() => {
    // Toasts are portalled: watching Polaris' portals container sees them and little else.
    const root = document.getElementById('PolarisPortalsContainer') ?? document.body;
    if (typeof MutationObserver === 'undefined') return undefined;
    const name = () => {
      for (const button of root.querySelectorAll<HTMLButtonElement>(CLOSE_BUTTON)) {
        if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
}
