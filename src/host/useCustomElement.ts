import { createContext, useContext, useEffect, useState } from 'react';

const registry = () => (typeof customElements === 'undefined' ? undefined : customElements);

/**
 * Custom elements a render without a registry takes as defined: the server's
 * render of a page inside Shopify admin, whose browser has App Bridge's
 * `ui-nav-menu` and `ui-save-bar` before the app's scripts run (its script is
 * the first in <head>, not deferred), so the server's markup is the browser's.
 */
export const AssumedCustomElements = createContext<readonly string[]>([]);

/**
 * Whether a custom element (App Bridge's `ui-save-bar`, `ui-nav-menu`) is defined on this page;
 * turns true if its script defines it later. Without it the app uses its own Polaris equivalent.
 */
export function useCustomElementDefined(name: string): boolean {
  const assumed = useContext(AssumedCustomElements);
  const [defined, setDefined] = useState(() => {
    const elements = registry();
    return elements ? !!elements.get(name) : assumed.includes(name);
  });
  useEffect(() => {
    const elements = registry();
    if (defined || !elements) return;
    let live = true;
    void elements.whenDefined(name).then(() => live && setDefined(true));
    return () => {
      live = false;
    };
  }, [name, defined]);
  return defined;
}
