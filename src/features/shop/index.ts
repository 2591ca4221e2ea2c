// Public API of the shop feature; other features import from here only.
export { useShop, ShopProvider, StaticShopProvider } from './ShopProvider';
export {
  shopApi,
  useGetShopDetailsQuery,
  useGetShopSettingsQuery,
  useUpdateShopSettingsMutation,
  useCreateApiTokenMutation,
} from './shopApi';
export { CatalogSyncBanner } from './CatalogSyncBanner';
export { interfaceLocaleForPrefetch } from './prefetchLocale';
