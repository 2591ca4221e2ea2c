import { VERIFICATION_TOKEN_STORAGE_KEY } from '../contracts/api';

/** Stores a `verificationToken` query parameter (if any) so every later call can send it. */
export function rememberVerificationToken(search: string, storage: Storage | undefined = safeStorage()): void {
  const token = new URLSearchParams(search).get(VERIFICATION_TOKEN_STORAGE_KEY);
  if (token && storage) storage.setItem(VERIFICATION_TOKEN_STORAGE_KEY, token);
}

export function readVerificationToken(storage: Storage | undefined = safeStorage()): string | null {
  return storage?.getItem(VERIFICATION_TOKEN_STORAGE_KEY) ?? null;
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
