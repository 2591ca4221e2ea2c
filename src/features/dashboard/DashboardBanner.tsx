import { useState } from 'react';
import { Banner } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { ShopContext } from '../../contracts/shop';
import { useHost } from '../../host/HostContext';

type Kind = 'reauthorize' | 'upgrade' | 'update';

/** The one banner the shop's state calls for, most urgent first. */
export function bannerKind(shop: ShopContext): Kind | null {
  if (shop.reOAuthUrl) return 'reauthorize';
  if (shop.shouldUpgradeToPaidPlan) return 'upgrade';
  if (!shop.usesLatestVersion) return 'update';
  return null;
}

export function DashboardBanner({ shop }: { shop: ShopContext }) {
  const intl = useIntl();
  const host = useHost();
  const [dismissed, setDismissed] = useState<Kind | null>(null);
  const kind = bannerKind(shop);
  if (!kind || dismissed === kind) return null;
  const t = (id: string) => intl.formatMessage({ id });
  if (kind === 'reauthorize') {
    return (
      <Banner
        tone="warning"
        title={t('Dashboard.banner.reauthorize.title')}
        action={{
          content: t('Dashboard.banner.reauthorize.action'),
          onAction: () => host.redirectTop(shop.reOAuthUrl!),
        }}
      >
        {t('Dashboard.banner.reauthorize.description')}
      </Banner>
    );
  }
  if (kind === 'upgrade') {
    return (
      <Banner
        tone="info"
        title={t('Dashboard.banner.upgrade.title')}
        action={{ content: t('Dashboard.banner.upgrade.action'), url: '/billing/plans' }}
        onDismiss={() => setDismissed(kind)}
      >
        {t('Dashboard.banner.upgrade.description')}
      </Banner>
    );
  }
  return (
    <Banner tone="info" title={t('Dashboard.banner.update.title')} onDismiss={() => setDismissed(kind)}>
      {t('Dashboard.banner.update.description')}
    </Banner>
  );
}
