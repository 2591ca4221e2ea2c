import { eraseShop } from '../compliance/shopErase';
import { asObject } from '../payloads';
import type { WebhookHandler } from '../types';

/**
 * shop/redact (mandatory compliance topic, 48 h after uninstall): deletes every
 * row and file of the shop. Its own delivery row goes too; a replay finds no
 * shop and is acknowledged without work.
 */
export const shopRedact: WebhookHandler<Record<string, unknown>> = {
  topic: 'shop/redact',
  parse: (payload) => asObject(payload),
  async handle({ db, config, shop, log }) {
    const deleted = await eraseShop(db, config, shop);
    log.info({ shop: shop.domain, deleted }, 'shop/redact: shop data erased');
  },
};
