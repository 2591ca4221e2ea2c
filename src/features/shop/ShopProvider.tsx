import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { BlockStack, Box, Button, Card, SkeletonBodyText, SkeletonPage, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { ShopContext } from '../../contracts/shop';
import { useHost } from '../../host/HostContext';
import { useGetShopDetailsQuery } from './shopApi';

const ShopCtx = createContext<ShopContext | null>(null);

/**
 * Loads the current shop on start and provides it to the app. A failure shows
 * the translated error toast and an error state with retry — never a blank page.
 */
export function ShopProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const host = useHost();
  const { data, isError, isFetching, refetch } = useGetShopDetailsQuery();
  const toasted = useRef(false);

  useEffect(() => {
    if (isError && !toasted.current) {
      toasted.current = true;
      host.toast(intl.formatMessage({ id: 'General.notifications.error' }), { isError: true });
    }
    if (!isError) toasted.current = false;
  }, [isError, host, intl]);

  useEffect(() => {
    // Marks the page as loaded for the shop (browser tests and support debugging read it).
    if (data) document.documentElement.dataset.shop = data.shopDomain;
  }, [data]);

  if (data) return <ShopCtx.Provider value={data}>{children}</ShopCtx.Provider>;
  if (isError && !isFetching) {
    // Box rather than Page: Page (header, action menu, pagination) is not needed in first-load JS.
    return (
      <Box padding="400">
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {intl.formatMessage({ id: 'Shop.loadError.title' })}
            </Text>
            <Text as="p" tone="critical">
              {intl.formatMessage({ id: 'Shop.loadError.description' })}
            </Text>
            <div>
              <Button onClick={() => refetch()}>{intl.formatMessage({ id: 'General.actions.retry' })}</Button>
            </div>
          </BlockStack>
        </Card>
      </Box>
    );
  }
  return (
    <SkeletonPage primaryAction>
      <Card>
        <SkeletonBodyText lines={3} />
      </Card>
    </SkeletonPage>
  );
}

/** The current shop; throws outside ShopProvider (SPEC §8). */
export function useShop(): ShopContext {
  const shop = useContext(ShopCtx);
  if (!shop) throw new Error('useShop must be used within a ShopProvider');
  return shop;
}

/** For tests and stories: provides a given shop without loading it. */
export function StaticShopProvider({ shop, children }: { shop: ShopContext; children: ReactNode }) {
  return <ShopCtx.Provider value={shop}>{children}</ShopCtx.Provider>;
}
