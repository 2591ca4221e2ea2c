import { Banner } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';

/**
 * The upgrade-plan notice: banner when the plan's limit is used, critical after a refused activation.
 * `bodyId` replaces the message (the new-look form says why the look is saved as a draft).
 */
export function UpgradeBanner({
  tone = 'warning',
  onDismiss,
  bodyId = 'Looks.upgrade.body',
}: {
  tone?: 'warning' | 'critical';
  onDismiss?(): void;
  bodyId?: string;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <Banner
      tone={tone}
      title={intl.formatMessage({ id: 'Looks.upgrade.title' })}
      action={{
        content: intl.formatMessage({ id: 'Looks.upgrade.action' }),
        onAction: () => navigate('/billing/plans'),
        id: 'looks-upgrade-plans',
      }}
      onDismiss={onDismiss}
    >
      <p data-testid="upgrade-notice">{intl.formatMessage({ id: bodyId })}</p>
    </Banner>
  );
}
