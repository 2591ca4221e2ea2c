import { useState } from 'react';
import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { DASHBOARD_FLAGS } from './support';

/** A feature announcement; rendered only when its flag is on (SPEC §2: disabled by a flag). */
export function FeatureAnnouncementCard({ enabled = DASHBOARD_FLAGS.featureAnnouncement }: { enabled?: boolean }) {
  const intl = useIntl();
  const [dismissed, setDismissed] = useState(false);
  if (!enabled || dismissed) return null;
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t('Dashboard.announcement.title')}
        </Text>
        <Text as="p">{t('Dashboard.announcement.description')}</Text>
        <InlineStack gap="200">
          <Button url="/gallery">{t('Dashboard.announcement.action')}</Button>
          <Button variant="plain" onClick={() => setDismissed(true)}>
            {t('Dashboard.announcement.dismiss')}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
