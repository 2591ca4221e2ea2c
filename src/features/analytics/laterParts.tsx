import { Card, SkeletonBodyText, SkeletonDisplayText, BlockStack } from '@shopify/polaris';
import { loadLater } from '../../components/LoadLater';

/**
 * The analytics page's parts below its first screen, each in a chunk the first load does not carry
 * (src/components/LoadLater): the orders table (Polaris' IndexTable, its bulk actions, rows and
 * sticky header), the A/B tests and the generated images card. Requested when they come near the
 * screen or at the first act inside them; not preloaded with the page (src/app/firstScreenParts.ts).
 */
export const OrdersTableLater = loadLater(() =>
  import(/* webpackChunkName: "analytics-orders" */ './OrdersTable').then((m) => ({ default: m.OrdersTable })),
);
export const ExperimentsCardLater = loadLater(() =>
  import(/* webpackChunkName: "analytics-experiments" */ '../experiments').then((m) => ({
    default: m.ExperimentsCard,
  })),
);
export const GeneratedImagesCardLater = loadLater(() =>
  import(/* webpackChunkName: "analytics-generated-images" */ './GeneratedImagesCard').then((m) => ({
    default: m.GeneratedImagesCard,
  })),
);

/** A card's place while its part loads in a browser render (a client-side visit): a title and `lines`. */
export function CardSkeleton({ lines }: { lines: number }) {
  return (
    <Card>
      <BlockStack gap="400">
        <SkeletonDisplayText size="small" />
        <SkeletonBodyText lines={lines} />
      </BlockStack>
    </Card>
  );
}
