import type { Host } from '../host/Host';
import { SHOP_VERIFICATION_HEADER } from '../contracts/api';
import { readVerificationToken } from './verificationToken';

/** Bearer session token (fresh from the host) and, when stored, the shop verification header. */
export async function applyAuthHeaders(headers: Headers, host: Host): Promise<Headers> {
  headers.set('Authorization', `Bearer ${await host.idToken()}`);
  const verification = readVerificationToken();
  if (verification) headers.set(SHOP_VERIFICATION_HEADER, verification);
  return headers;
}
