/**
 * Product analytics (SPEC §1): identity = shop domain, page views on,
 * do-not-track ignored, state persisted in localStorage. Events go to the
 * backend (POST /admin/api/v1/events) through the configured transport;
 * events that could not be sent wait in localStorage and are retried.
 */
import type { TrackedEvent } from '../contracts/shop';

export interface TrackerConfig {
  identity: string;
  trackPageViews: boolean;
  respectDoNotTrack: boolean;
  persistence: 'localStorage' | 'memory';
  send(event: QueuedEvent): Promise<void>;
}

export interface QueuedEvent {
  name: TrackedEvent;
  distinctId: string;
  properties: Record<string, unknown>;
}

const STORAGE_KEY = 'shoppable-looks:analytics';
const MAX_QUEUE = 100;

interface Persisted {
  distinctId: string;
  queue: QueuedEvent[];
}

let config: TrackerConfig | null = null;
let state: Persisted = { distinctId: '', queue: [] };
let flushing = false;

function load(persistence: TrackerConfig['persistence']): Persisted | null {
  if (persistence !== 'localStorage') return null;
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Persisted) : null;
  } catch {
    return null;
  }
}

function save() {
  if (config?.persistence !== 'localStorage') return;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    /* storage full or blocked: keep in memory */
  }
}

export function initTracker(next: TrackerConfig): void {
  config = next;
  const persisted = load(next.persistence);
  state = { distinctId: next.identity, queue: persisted?.queue ?? [] };
  save();
  void flush();
}

export function isTrackerReady(): boolean {
  return config !== null;
}

/** Tracks an event (SPEC §7 names). Before init, or with tracking off, it is dropped. */
export function track(name: TrackedEvent, properties: Record<string, unknown> = {}): void {
  if (!config) return;
  if (config.respectDoNotTrack && typeof navigator !== 'undefined' && navigator.doNotTrack === '1') return;
  state.queue = [...state.queue, { name, distinctId: state.distinctId, properties }].slice(-MAX_QUEUE);
  save();
  void flush();
}

export function trackPageView(path: string): void {
  if (config?.trackPageViews) track('page_viewed', { path });
}

async function flush(): Promise<void> {
  if (!config || flushing) return;
  flushing = true;
  try {
    while (state.queue.length) {
      const [event] = state.queue;
      await config.send(event);
      state.queue = state.queue.slice(1);
      save();
    }
  } catch {
    /* offline or server error: the queue is kept and retried on the next event */
  } finally {
    flushing = false;
  }
}

/** Tests only. */
export function resetTracker(): void {
  config = null;
  state = { distinctId: '', queue: [] };
}
