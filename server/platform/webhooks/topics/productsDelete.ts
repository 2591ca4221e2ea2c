import { deleteProduct, productGid } from '../catalogProduct';
import { asObject } from '../payloads';
import type { WebhookHandler } from '../types';

/** products/delete: the product leaves the catalog; looks showing it are marked, the storefront skips them. */
export const productsDelete: WebhookHandler<{ gid: string }> = {
  topic: 'products/delete',
  parse: (payload) => ({ gid: productGid(asObject(payload, 'product').id) }),
  async handle({ db, shop }, { gid }) {
    await deleteProduct(db, shop.id, gid);
  },
};
