import { store } from './consent';

/** The shopper's random visitor id (`sl_vid` in localStorage), created and kept only with consent (callers check). */
const VISITOR_KEY = 'sl_vid';
/** Where the id is kept when storage is blocked: on the page, so looks.js and looks-ab.js share it. */
const page = window as unknown as { slVid?: string };

/** 128 random bits as 32 hex digits (getRandomValues works without a secure context, unlike randomUUID; the demo may be served over plain http). */
const randomId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => (b | 256).toString(16).slice(1)).join('');

/** This browser's visitor id (created on first use; kept for the page only when storage is blocked). */
export function visitorId(): string {
  const id = store(VISITOR_KEY) || page.slVid || randomId();
  page.slVid = id;
  store(VISITOR_KEY, id);
  return id;
}

/** Consent withdrawn: the id is forgotten. */
export function forgetVisitor(): void {
  store(VISITOR_KEY, null);
  page.slVid = '';
}
