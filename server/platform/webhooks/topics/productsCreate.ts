import { productFromPayload, saveProduct, type ProductData } from '../catalogProduct';
import type { WebhookHandler } from '../types';

/** products/create: a new product of the shop joins the catalog. */
export const productsCreate: WebhookHandler<ProductData> = {
  topic: 'products/create',
  parse: productFromPayload,
  async handle({ db, shop }, product) {
    await saveProduct(db, shop.id, product);
  },
};
