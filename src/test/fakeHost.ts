import type { Host } from '../host/Host';
import type { PickedProduct } from '../contracts/catalog';

export interface FakeHost extends Host {
  toasts: { message: string; isError: boolean }[];
  redirects: string[];
  /** What the next pickProducts() resolves with. */
  nextPick: PickedProduct[] | undefined;
}

/** A host for unit tests: a fixed token, recorded toasts and redirects, a scripted picker. */
export function createFakeHost(overrides: Partial<Host> = {}): FakeHost {
  const host: FakeHost = {
    kind: 'standalone',
    toasts: [],
    redirects: [],
    nextPick: undefined,
    idToken: async () => 'test-token',
    pickProducts: async () => host.nextPick,
    toast: (message, opts) => host.toasts.push({ message, isError: !!opts?.isError }),
    redirectTop: (url) => host.redirects.push(url),
    ...overrides,
  };
  return host;
}
