import { useMemo, useState } from 'react';
import { Banner, Card, SkeletonBodyText, SkeletonPage } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  discountLookDefaults,
  EMPTY_MAIN_PRODUCT,
  newLookDefaults,
  toFormValues,
  type LookFormValues,
} from '../../contracts/looks';
import { errorStatus } from '../../api/errors';
import { LoadErrorPage } from '../../components/LoadErrorPage/LoadErrorPage';
import { useHost } from '../../host/HostContext';
import { track } from '../../analytics/tracker';
import { useShop } from '../shop';
import { layoutApi } from '../layout';
import { prefetchQuery } from '../../api/prefetchQuery';
import type { AppStore } from '../../app/store';
import { useCreateLookMutation, useGetDiscountDefaultsQuery, useGetLookQuery } from './lookApi';
import { LookForm } from './form/LookForm';
import { UpgradeBanner } from './form/UpgradeBanner';
import { useLookSubmitErrors } from './useLookSubmit';

const isMissing = (error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400;

/**
 * The layout (the form's marker settings show for the 'shoppable' template), asked on boot with the
 * shop call (routes.tsx): the form renders with its sections at once, and a server-rendered page has
 * them in its HTML instead of adding them once the browser has asked.
 */
export function prefetch(store: AppStore): Promise<unknown> {
  return prefetchQuery(store, (dispatch) => dispatch(layoutApi.endpoints.getLayout.initiate()));
}

/**
 * /looks/new: empty form; `?productLookId=` pre-fills it from that look;
 * `?discount=…&productId=…` (from /looks/discounts/:id) pre-fills the SPEC §3 discount defaults.
 */
export default function LookNewPage() {
  const intl = useIntl();
  const host = useHost();
  const navigate = useNavigate();
  const shop = useShop();
  const [params] = useSearchParams();
  const productLookId = params.get('productLookId');
  const fromDiscount = params.has('discount');
  const productId = params.get('productId');
  const [createLook] = useCreateLookMutation();
  const [upgradeRequired, setUpgradeRequired] = useState(false);
  const submitErrors = useLookSubmitErrors(() => setUpgradeRequired(true), 'Looks.notifications.createError');

  const preselect = useGetLookQuery(productLookId ?? '', { skip: !productLookId });
  const discount = useGetDiscountDefaultsQuery(productId ?? '', { skip: !fromDiscount || !productId });

  const planFull = shop.shouldUpgradeToPaidPlan;
  const initialValues = useMemo<LookFormValues>(() => {
    const values = (() => {
      if (productLookId && preselect.data) return toFormValues(preselect.data.look);
      if (fromDiscount) return discountLookDefaults(discount.data?.mainProduct ?? EMPTY_MAIN_PRODUCT);
      return newLookDefaults();
    })();
    // A full plan cannot take another active look: the form starts as a draft, as its banner says.
    return planFull ? { ...values, active: false } : values;
  }, [productLookId, preselect.data, fromDiscount, discount.data, planFull]);
  // Not found (or an id that cannot exist): the form says so and starts empty. Any other failure is a
  // load error with a retry.
  const preselectMissing = !!productLookId && preselect.isError && isMissing(preselect.error);
  const discountMissing = fromDiscount && !!productId && discount.isError && isMissing(discount.error);
  const loadFailed =
    (!!productLookId && preselect.isError && !preselectMissing) ||
    (fromDiscount && !!productId && discount.isError && !discountMissing);

  if ((productLookId && preselect.isLoading) || (fromDiscount && productId && discount.isLoading)) {
    return (
      <SkeletonPage title={intl.formatMessage({ id: 'Looks.form.newTitle' })} primaryAction backAction>
        <Card>
          <SkeletonBodyText lines={6} />
        </Card>
      </SkeletonPage>
    );
  }

  if (loadFailed) {
    const retry = () => {
      if (preselect.isError) void preselect.refetch();
      if (discount.isError) void discount.refetch();
    };
    return (
      <LoadErrorPage
        titleId="Looks.form.newTitle"
        backAction={{ content: intl.formatMessage({ id: 'Looks.form.back' }), url: '/looks' }}
        onRetry={retry}
      />
    );
  }

  const onSubmit = async (values: LookFormValues) => {
    try {
      const { id } = await createLook(values).unwrap();
      track('look_created', { id, active: values.active, relatedItems: values.relatedItems.length });
      host.toast(intl.formatMessage({ id: 'Looks.notifications.createSuccess' }));
      navigate(`/looks/edit/${id}`, { replace: true });
      return undefined;
    } catch (error) {
      return submitErrors(error);
    }
  };

  const notices = (
    <>
      {preselectMissing && (
        <Banner tone="warning">
          <p data-testid="preselect-error">{intl.formatMessage({ id: 'Looks.form.preselectError' })}</p>
        </Banner>
      )}
      {discountMissing && (
        <Banner tone="warning">
          <p>{intl.formatMessage({ id: 'Looks.form.discountProductError' })}</p>
        </Banner>
      )}
      {upgradeRequired ? (
        <UpgradeBanner tone="critical" onDismiss={() => setUpgradeRequired(false)} />
      ) : (
        shop.shouldUpgradeToPaidPlan && <UpgradeBanner bodyId="Looks.upgrade.draftBody" />
      )}
    </>
  );

  return (
    <LookForm
      title={intl.formatMessage({ id: 'Looks.form.newTitle' })}
      initialValues={initialValues}
      onSubmit={onSubmit}
      notices={notices}
      savableWhenPristine
    />
  );
}
