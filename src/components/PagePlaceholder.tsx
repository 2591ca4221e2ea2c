import { Card, SkeletonBodyText, SkeletonPage, Text, BlockStack } from '@shopify/polaris';
import { useIntl } from 'react-intl';

/** A skeleton page with its title, for screens not built yet and for lazy routes while loading. */
export function PagePlaceholder({ titleId, comingSoon = false }: { titleId?: string; comingSoon?: boolean }) {
  const intl = useIntl();
  return (
    <SkeletonPage title={titleId ? intl.formatMessage({ id: titleId }) : undefined} primaryAction>
      <Card>
        <BlockStack gap="300">
          {comingSoon && (
            <Text as="p" tone="subdued">
              {intl.formatMessage({ id: 'Pages.comingSoon' })}
            </Text>
          )}
          <SkeletonBodyText lines={4} />
        </BlockStack>
      </Card>
    </SkeletonPage>
  );
}
