import { store } from './consent';

/** The shopper's random visitor id (`sl_vid` in localStorage), created and kept only with consent (callers check). */
const VISITOR_KEY = 'sl_vid';
/** Where the id is kept when storage is blocked: on the page, so looks.js and looks-ab.js share it. */
const page = window as unknown as { slVid?: string };

/** A random UUID v4 (crypto.randomUUID needs a secure context; the demo may be served over plain http). */
const uuid = (): string =>
  crypto.randomUUID
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (d) => (+d ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (+d / 4)))).toString(16));

/** This browser's visitor id (created on first use; kept for the page only when storage is blocked). */
export function visitorId(): string {
  const id = store(VISITOR_KEY) || page.slVid || uuid();
  page.slVid = id;
  store(VISITOR_KEY, id);
  return id;
}

/** Consent withdrawn: the id is forgotten. */
export function forgetVisitor(): void {
  store(VISITOR_KEY, null);
  page.slVid = '';
}
