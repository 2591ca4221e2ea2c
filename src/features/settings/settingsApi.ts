export { useGetShopSettingsQuery, useUpdateShopSettingsMutation, useCreateApiTokenMutation } from '../shop';
export { useGetLayoutQuery } from '../layout';
