import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useHost } from '../host/HostContext';
import { applyAuthHeaders } from '../api/authHeaders';
import { routeUrl } from '../api/routeRequest';
import { initTracker, trackPageView } from './tracker';

/** Initialises the tracker with the shop domain and tracks a page view on every route change. */
export function AnalyticsTracking({ shopDomain }: { shopDomain: string }) {
  const host = useHost();
  const location = useLocation();

  useEffect(() => {
    initTracker({
      identity: shopDomain,
      trackPageViews: true,
      respectDoNotTrack: false,
      persistence: 'localStorage',
      async send(event) {
        const headers = await applyAuthHeaders(new Headers({ 'Content-Type': 'application/json' }), host);
        const response = await fetch(routeUrl('POST /events'), {
          method: 'POST',
          headers,
          body: JSON.stringify(event),
        });
        // A 4xx will never succeed: drop it rather than block the queue.
        if (!response.ok && response.status >= 500) throw new Error(`events: ${response.status}`);
      },
    });
  }, [shopDomain, host]);

  useEffect(() => {
    trackPageView(location.pathname);
  }, [location.pathname]);

  return null;
}
