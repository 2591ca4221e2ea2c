import { useEffect } from 'react';
import { replayEarlyClick } from './firstScreen';

/**
 * Rendered beside the page (App.tsx, PageOutlet): its effect
 * runs once the page itself is live — hydrated, or rendered by the browser —
 * and clicks again the button a merchant clicked on the server's page before
 * (server/ssr/paintFirst.ts keeps it). Nothing on a page the browser rendered
 * from the start. Renders nothing, so server and browser markup stay equal.
 */
export function ReplayEarlyClick() {
  useEffect(() => replayEarlyClick(window), []);
  return null;
}
