import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { Onboarding } from '../../contracts/shop';

interface Props {
  /** Onboarding data when the guide is shown; without it the card shows the check without a status. */
  onboarding?: Onboarding;
  deepLink: string;
  scriptTagSupported: boolean;
}

/** Is the storefront widget switched on? App block installed / theme supports app blocks, with the theme editor deep link. */
export function ExtensionCheckCard({ onboarding, deepLink, scriptTagSupported }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (scriptTagSupported) {
    return (
      <Card>
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">{t('Onboarding.extension.title')}</Text>
            <Badge tone="success">{t('Onboarding.extension.scriptTag')}</Badge>
          </InlineStack>
          <Text as="p" tone="subdued">{t('Onboarding.extension.scriptTagDescription')}</Text>
        </BlockStack>
      </Card>
    );
  }
  const installed = onboarding?.appBlockInstalled;
  const supported = onboarding ? onboarding.onboarding.themeExtensionSupported && onboarding.appBlockThemeSupported : true;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">{t('Onboarding.extension.title')}</Text>
          {onboarding && (
            <Badge tone={installed ? 'success' : 'attention'}>
              {t(installed ? 'Onboarding.extension.installed' : 'Onboarding.extension.notInstalled')}
            </Badge>
          )}
        </InlineStack>
        <Text as="p" tone="subdued">
          {t(
            !supported
              ? 'Onboarding.extension.unsupported'
              : installed
                ? 'Onboarding.extension.installedDescription'
                : 'Onboarding.extension.description',
          )}
        </Text>
        {supported && (
          <div>
            <Button url={onboarding?.appThemeExtensionDeepLink ?? deepLink} external target="_blank">
              {t(installed ? 'Onboarding.extension.openEditor' : 'Onboarding.extension.enable')}
            </Button>
          </div>
        )}
      </BlockStack>
    </Card>
  );
}
