import { useEffect } from 'react';
import { whenBoundariesHydrated } from '../components/HydrationBoundary';
import { replayEarlyClick } from './firstScreen';
import { replayEarlyInput } from './earlyInput';

/**
 * Rendered beside the page (App.tsx, PageOutlet): once the page itself is
 * live — hydrated, its Suspense boundaries too (HydrationBoundary), or rendered by the browser —
 * and hands the page what the merchant did on the server's page before
 * (server/ssr/paintFirst.ts keeps it): the fields edited (earlyInput.ts), then
 * the button clicked. The click waits for the render of the fields' edits (an
 * "Add" next to a typed tag adds that tag). Nothing on a page the browser
 * rendered from the start. Renders nothing, so server and browser markup stay equal.
 */
export function ReplayEarlyClick() {
  useEffect(() => {
    // Into hydrated fields only: the page's boundaries hydrate after this commit (HydrationBoundary).
    whenBoundariesHydrated(() => {
      if (replayEarlyInput(window) === 0) replayEarlyClick(window);
      else setTimeout(() => replayEarlyClick(window));
    });
  }, []);
  return null;
}
