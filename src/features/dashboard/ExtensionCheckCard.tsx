import { Badge, BlockStack, Button, Card, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { DemoExtensionCheck, ThemeExtensionCheck } from '../../contracts/extensionCheck';
import { useGetExtensionCheckQuery } from './dashboardApi';

type T = (id: string, values?: Record<string, string>) => string;

function Frame({ t, badge, children }: { t: T; badge?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {t('Onboarding.extension.title')}
          </Text>
          {badge}
        </InlineStack>
        {children}
      </BlockStack>
    </Card>
  );
}

/** One part of the theme (app embed, product page block): on or off, and the editor link that switches it on. */
function ThemePart({
  t,
  title,
  on,
  onLabel,
  offLabel,
  description,
  action,
  url,
}: {
  t: T;
  title: string;
  on: boolean;
  onLabel: string;
  offLabel: string;
  description: string;
  action: string;
  url: string;
}) {
  return (
    <BlockStack gap="150">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="h3" variant="headingSm">
          {title}
        </Text>
        <Badge tone={on ? 'success' : 'attention'}>{on ? onLabel : offLabel}</Badge>
      </InlineStack>
      <Text as="p" tone="subdued">
        {description}
      </Text>
      <div>
        <Button
          url={url}
          external
          target="_blank"
          accessibilityLabel={`${on ? t('Onboarding.extension.openEditor') : action}: ${title}`}
        >
          {on ? t('Onboarding.extension.openEditor') : action}
        </Button>
      </div>
    </BlockStack>
  );
}

function ThemeCheck({ t, check }: { t: T; check: ThemeExtensionCheck }) {
  const on = check.embedEnabled && check.appBlockPlaced;
  return (
    <Frame
      t={t}
      badge={
        <Badge tone={on ? 'success' : 'attention'}>
          {t(on ? 'Onboarding.extension.installed' : 'Onboarding.extension.notInstalled')}
        </Badge>
      }
    >
      <Text as="p" tone="subdued">
        {check.themeName
          ? t('Onboarding.extension.theme', { name: check.themeName })
          : t('Onboarding.extension.noTheme')}
      </Text>
      <ThemePart
        t={t}
        title={t('Onboarding.extension.embed.title')}
        on={check.embedEnabled}
        onLabel={t('Onboarding.extension.installed')}
        offLabel={t('Onboarding.extension.notInstalled')}
        description={t(check.embedEnabled ? 'Onboarding.extension.embed.on' : 'Onboarding.extension.embed.off')}
        action={t('Onboarding.extension.embed.enable')}
        url={check.embedDeepLink}
      />
      <ThemePart
        t={t}
        title={t('Onboarding.extension.block.title')}
        on={check.appBlockPlaced}
        onLabel={t('Onboarding.extension.block.placed')}
        offLabel={t('Onboarding.extension.block.notPlaced')}
        description={t(check.appBlockPlaced ? 'Onboarding.extension.block.on' : 'Onboarding.extension.block.off')}
        action={t('Onboarding.extension.block.add')}
        url={check.appBlockDeepLink}
      />
    </Frame>
  );
}

function DemoCheck({ t, check }: { t: T; check: DemoExtensionCheck }) {
  return (
    <Frame t={t} badge={<Badge tone="info">{t('Onboarding.extension.demo.badge')}</Badge>}>
      <Text as="p" tone="subdued">
        {t('Onboarding.extension.demo.description')}
      </Text>
      {check.storefrontUrl ? (
        <div>
          <Button url={check.storefrontUrl} external target="_blank">
            {t('Onboarding.extension.demo.open')}
          </Button>
        </div>
      ) : (
        <Text as="p" tone="subdued">
          {t('Onboarding.extension.demo.noLook')}
        </Text>
      )}
    </Frame>
  );
}

/**
 * Is the storefront widget switched on? Script-tag shops need nothing; otherwise the published theme
 * is read (app embed `looks-embed` enabled, app block `shoppable-look` on the product template), with
 * theme editor links that open the right template and block. Standalone, it says this is the demo
 * storefront and links to it.
 */
export function ExtensionCheckCard({ scriptTagSupported }: { scriptTagSupported: boolean }) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const check = useGetExtensionCheckQuery(undefined, { skip: scriptTagSupported });
  if (scriptTagSupported) {
    return (
      <Frame t={t} badge={<Badge tone="success">{t('Onboarding.extension.scriptTag')}</Badge>}>
        <Text as="p" tone="subdued">
          {t('Onboarding.extension.scriptTagDescription')}
        </Text>
      </Frame>
    );
  }
  if (check.isError && !check.isFetching) {
    return (
      <Frame t={t}>
        <Text as="p" tone="critical">
          {t('Onboarding.extension.checkFailed')}
        </Text>
        <div>
          <Button onClick={() => void check.refetch()}>{t('General.actions.retry')}</Button>
        </div>
      </Frame>
    );
  }
  if (!check.data) {
    return (
      <Frame t={t}>
        <SkeletonBodyText lines={3} />
      </Frame>
    );
  }
  return check.data.mode === 'demo' ? <DemoCheck t={t} check={check.data} /> : <ThemeCheck t={t} check={check.data} />;
}
