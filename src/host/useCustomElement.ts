import { useEffect, useState } from 'react';

const registry = () => (typeof customElements === 'undefined' ? undefined : customElements);

/**
 * Whether a custom element (App Bridge's `ui-save-bar`, `ui-nav-menu`) is defined on this page;
 * turns true if its script defines it later. Without it the app uses its own Polaris equivalent.
 */
export function useCustomElementDefined(name: string): boolean {
  const [defined, setDefined] = useState(() => !!registry()?.get(name));
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
