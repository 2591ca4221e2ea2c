import { DEFAULT_REAUTHORIZE_URL, REAUTHORIZE_HEADER, REAUTHORIZE_URL_HEADER } from '../contracts/api';

/**
 * If a response asks for reauthorization (header set to 1), returns where to
 * send the top window: the companion header's URL (default /api/auth), a
 * relative one prefixed with the current host.
 */
export function reauthorizeTarget(
  response: Response | undefined,
  location: Pick<Location, 'protocol' | 'host'>,
): string | null {
  if (!response || response.headers.get(REAUTHORIZE_HEADER) !== '1') return null;
  const url = response.headers.get(REAUTHORIZE_URL_HEADER) || DEFAULT_REAUTHORIZE_URL;
  if (/^https?:\/\//i.test(url)) return url;
  return `${location.protocol}//${location.host}${url.startsWith('/') ? '' : '/'}${url}`;
}
