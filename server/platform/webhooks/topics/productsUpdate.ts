import { productFromPayload, saveProduct, type ProductData } from '../catalogProduct';
import type { WebhookHandler } from '../types';
import { storefrontChanged } from '../../../services/storefront/changes';

/** products/update: keeps the product's title, handle, status, images and price current in the catalog. */
export const productsUpdate: WebhookHandler<ProductData> = {
  topic: 'products/update',
  parse: productFromPayload,
  async handle({ db, shop }, product) {
    await saveProduct(db, shop.id, product);
    // The looks showing it show its new title, price, images… on the storefront.
    await storefrontChanged(db, shop.id, { catalogProducts: [product.gid] });
  },
};
