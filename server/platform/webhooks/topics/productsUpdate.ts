import { productFromPayload, saveProduct, type ProductData } from '../catalogProduct';
import type { WebhookHandler } from '../types';

/** products/update: keeps the product's title, handle, status, images and price current in the catalog. */
export const productsUpdate: WebhookHandler<ProductData> = {
  topic: 'products/update',
  parse: productFromPayload,
  async handle({ db, shop }, product) {
    await saveProduct(db, shop.id, product);
  },
};
