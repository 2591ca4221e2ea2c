import { useMemo } from 'react';
import { Box, Layout, Page } from '@shopify/polaris';
import { Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import { track } from '../../analytics/tracker';
import { FormSaveBar, makeValidate, useSaveForm } from '../../components/form';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import type { BoosterValues } from '../../contracts/booster';
import { boosterSchema } from '../../contracts/booster.schema';
import { useGetOnboardingQuery } from '../onboarding';
import { useGetBoosterQuery, useUpdateBoosterMutation } from './boosterApi';
import { toBoosterFormValues } from './boosterForm';
import { BundleDiscountSection, CartPageSection, CheckoutSection, DiscountSection } from './BoosterSections';
import { CollectionsCard } from './CollectionsCard';
import { LoadErrorPage } from '../../components/LoadErrorPage/LoadErrorPage';

const validateBooster = makeValidate(boosterSchema);

/** /booster: bundle discount, checkout and cart placement, discount settings, collections. */
export default function BoosterPage() {
  const intl = useIntl();
  const { data, isLoading, isError, refetch } = useGetBoosterQuery();
  // Onboarding flags: canUseCheckoutUIExtension (the shop's plan) enables the checkout toggle; the cart deep link.
  const onboardingQuery = useGetOnboardingQuery();
  const onboarding = onboardingQuery.data;
  const [update] = useUpdateBoosterMutation();
  const initialValues = useMemo(() => toBoosterFormValues(data), [data]);

  const onSubmit = useSaveForm<BoosterValues, BoosterValues>({
    save: (values) => update(toBoosterFormValues(values)).unwrap(),
    toFormValues: toBoosterFormValues,
    onSaved: (saved) =>
      track('booster_updated', { discountType: saved.discountType, showOnCartPage: saved.showOnCartPage }),
  });

  if (isLoading || onboardingQuery.isLoading) return <PagePlaceholder titleId="Pages.booster.title" />;
  // Without the onboarding flags the page would silently leave out the checkout section.
  if (isError || !data || onboardingQuery.isError) {
    const retry = () => {
      if (isError || !data) void refetch();
      if (onboardingQuery.isError) void onboardingQuery.refetch();
    };
    return <LoadErrorPage titleId="Pages.booster.title" onRetry={retry} />;
  }

  return (
    <Form<BoosterValues> onSubmit={onSubmit} initialValues={initialValues} validate={validateBooster} subscription={{}}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <FormSaveBar />
          <Page
            title={intl.formatMessage({ id: 'Pages.booster.title' })}
            subtitle={intl.formatMessage({ id: 'Booster.subtitle' })}
          >
            <Layout>
              <BundleDiscountSection />
              <CheckoutSection allowed={!!onboarding?.onboarding.canUseCheckoutUIExtension} />
              <CartPageSection onboarding={onboarding} />
              <DiscountSection />
              <CollectionsCard collections={data.collections} />
            </Layout>
            <Box paddingBlockEnd="800" />
          </Page>
        </form>
      )}
    </Form>
  );
}
