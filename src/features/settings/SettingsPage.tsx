import { useMemo } from 'react';
import { Box, Layout, Page } from '@shopify/polaris';
import { Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import { track } from '../../analytics/tracker';
import { FormSaveBar, makeValidate, useSaveForm } from '../../components/form';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import type { ShopSettings } from '../../contracts/shop';
import { shopSettingsSchema } from '../../contracts/shop.schema';
import { useShop, useGetShopSettingsQuery, useUpdateShopSettingsMutation } from '../shop';
import { useGetLayoutQuery } from '../layout';
import { useGetOnboardingQuery } from '../onboarding';
import { toSettingsFormValues, toSettingsPayload } from './settingsRules';
import { ApiAccessSection, ContactSection, FlowSection, LanguageSection, MainSection } from './SettingsSections';
import { LoadErrorPage } from '../../components/LoadErrorPage/LoadErrorPage';

const validateSettings = makeValidate(shopSettingsSchema);

/** /settings: main, language, API access, contact us. */
export default function SettingsPage() {
  const intl = useIntl();
  const { scriptTagSupported } = useShop();
  const { data, isLoading, isError, refetch } = useGetShopSettingsQuery();
  // The template decides the popup settings, canUseCheckoutUIExtension the checkout setting.
  const layoutQuery = useGetLayoutQuery();
  const onboardingQuery = useGetOnboardingQuery();
  const layout = layoutQuery.data;
  const onboarding = onboardingQuery.data;
  const [update] = useUpdateShopSettingsMutation();
  const initialValues = useMemo(() => toSettingsFormValues(data), [data]);

  const onSubmit = useSaveForm<ShopSettings, ShopSettings>({
    // Saving invalidates the shop: a new locale switches the UI language.
    save: (values) => update(toSettingsPayload(values)).unwrap(),
    toFormValues: toSettingsFormValues,
    onSaved: (saved) => track('settings_updated', { locale: saved.locale, enabled: saved.enabled }),
  });

  if (isLoading || layoutQuery.isLoading || onboardingQuery.isLoading)
    return <PagePlaceholder titleId="Pages.settings.title" />;
  // Without the layout or onboarding the page would silently leave settings out.
  if (isError || !data || layoutQuery.isError || onboardingQuery.isError) {
    const retry = () => {
      if (isError || !data) void refetch();
      if (layoutQuery.isError) void layoutQuery.refetch();
      if (onboardingQuery.isError) void onboardingQuery.refetch();
    };
    return <LoadErrorPage titleId="Pages.settings.title" onRetry={retry} />;
  }

  return (
    <Form<ShopSettings> onSubmit={onSubmit} initialValues={initialValues} validate={validateSettings} subscription={{}}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <FormSaveBar />
          <Page title={intl.formatMessage({ id: 'Pages.settings.title' })}>
            <Layout>
              <MainSection
                scriptTagSupported={scriptTagSupported}
                template={layout?.definedTemplate}
                canUseCheckout={onboarding?.onboarding.canUseCheckoutUIExtension}
              />
              <LanguageSection />
              <FlowSection />
              <ApiAccessSection />
              <ContactSection />
            </Layout>
            <Box paddingBlockEnd="800" />
          </Page>
        </form>
      )}
    </Form>
  );
}
