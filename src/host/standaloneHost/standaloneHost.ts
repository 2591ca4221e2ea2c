import type { Host, PickProductsOptions } from '../Host';
import type { PickedProduct } from '../../contracts/catalog';

export interface StandaloneToast {
  id: number;
  message: string;
  isError: boolean;
}

export interface PickerRequest {
  options: PickProductsOptions;
  resolve(products: PickedProduct[] | undefined): void;
}

export interface StandaloneState {
  toasts: StandaloneToast[];
  picker: PickerRequest | null;
}

export interface StandaloneHost extends Host {
  readonly kind: 'standalone';
  getState(): StandaloneState;
  subscribe(listener: () => void): () => void;
  dismissToast(id: number): void;
  /** Fetches with the session token; the picker modal reads the catalog with it. */
  fetchJson<T>(path: string): Promise<T>;
}

interface TokenCache {
  token: string;
  expiresAt: number;
}

export interface StandaloneHostOptions {
  fetch?: typeof fetch;
  now?: () => number;
  shop?: string;
  /** Where session tokens come from instead of /api/dev/session-token (inside the admin without App Bridge). */
  tokenSource?: () => Promise<string>;
  /** Standing in for a missing App Bridge inside Shopify admin. */
  degraded?: boolean;
}

/**
 * The host outside Shopify admin: session tokens from the reference backend
 * (/api/dev/session-token), a Polaris product picker over the backend's
 * catalog, Polaris toasts. UI state lives here; StandaloneHostUI renders it.
 * Also the stand-in when App Bridge is missing inside the admin (`degraded`, own token source).
 */
export function createStandaloneHost(opts: StandaloneHostOptions = {}): StandaloneHost {
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = opts.now ?? (() => Date.now());
  let state: StandaloneState = { toasts: [], picker: null };
  const listeners = new Set<() => void>();
  let cache: TokenCache | null = null;
  let pending: Promise<string> | null = null;
  let nextToastId = 1;

  const setState = (patch: Partial<StandaloneState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };

  async function requestToken(): Promise<string> {
    const query = opts.shop ? `?shop=${encodeURIComponent(opts.shop)}` : '';
    const response = await doFetch(`/api/dev/session-token${query}`, { cache: 'no-store' });
    if (!response.ok) throw new Error(`Session token request failed (${response.status})`);
    const body = (await response.json()) as { token: string; expiresIn?: number };
    cache = { token: body.token, expiresAt: now() + ((body.expiresIn ?? 60) - 15) * 1000 };
    return body.token;
  }

  const host: StandaloneHost = {
    kind: 'standalone',
    degraded: !!opts.degraded,
    idToken() {
      if (opts.tokenSource) return opts.tokenSource();
      if (cache && cache.expiresAt > now()) return Promise.resolve(cache.token);
      pending ??= requestToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    pickProducts(options) {
      state.picker?.resolve(undefined);
      return new Promise((resolve) => {
        setState({
          picker: {
            options,
            resolve: (products) => {
              setState({ picker: null });
              resolve(products);
            },
          },
        });
      });
    },
    toast(message, toastOpts) {
      const isError = !!toastOpts?.isError;
      // The same message is on screen already (e.g. two calls failing at once): not stacked twice.
      if (state.toasts.some((t) => t.message === message && t.isError === isError)) return;
      setState({ toasts: [...state.toasts, { id: nextToastId++, message, isError }] });
    },
    dismissToast(id) {
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    },
    redirectTop(url) {
      (window.top ?? window).location.assign(url);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async fetchJson<T>(path: string) {
      const token = await host.idToken();
      const response = await doFetch(path, { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`Request failed (${response.status})`);
      return (await response.json()) as T;
    },
  };
  return host;
}
