import { asObject, cleanText } from '../payloads';
import { WebhookPayloadError, type WebhookHandler } from '../types';

/**
 * app/scopes_update: the scopes the merchant granted now (`current`), stored on the shop; the cached
 * plan (checkout extensions allowed?) is marked stale, so the next admin read asks the platform again.
 */
export const appScopesUpdate: WebhookHandler<{ current: string[] }> = {
  topic: 'app/scopes_update',
  parse(payload) {
    const { current } = asObject(payload);
    if (!Array.isArray(current) || current.some((s) => typeof s !== 'string' || !/^[a-z_]{1,100}$/.test(s.trim()))) {
      throw new WebhookPayloadError('current is not a list of scopes');
    }
    return { current: [...new Set(current.map((s: string) => cleanText(s.trim())))].sort() };
  },
  async handle({ db, shop }, { current }) {
    await db
      .updateTable('shops')
      .set({ grantedScopes: current.join(','), planCheckedAt: null })
      .where('id', '=', shop.id)
      .execute();
  },
};
