import { BlockStack, Box, Button, Card, Checkbox, InlineStack, Text } from '@shopify/polaris';
import { AnnotatedSection } from '../../components/AnnotatedSection';
import { useField, useForm, useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { FormCheckbox, FormSelect, FormTextField } from '../../components/form';
import { DISCOUNT_TYPE_REDIRECTS, type BoosterValues } from '../../contracts/booster';
import type { Onboarding } from '../../contracts/shop';
import { useHost } from '../../host/HostContext';
import { withCartPage, withDiscountType } from './boosterForm';
import { DiscountTypeSelect } from './DiscountTypeSelect';

const useT = () => {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
};

export function BundleDiscountSection() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <AnnotatedSection title={t('Booster.bundle.title')} description={t('Booster.bundle.description')}>
      <Card>
        <BlockStack gap="300">
          <Text as="p">{t('Booster.bundle.body')}</Text>
          <InlineStack gap="200">
            <Button onClick={() => navigate('/looks/new')}>{t('Booster.bundle.createLook')}</Button>
            <Button variant="plain" onClick={() => navigate('/looks')}>
              {t('Booster.bundle.viewLooks')}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </AnnotatedSection>
  );
}

/**
 * The checkout toggle: only Shopify Plus (and development) stores render checkout UI extensions, so
 * the toggle is enabled only when the shop's plan allows them (onboarding.canUseCheckoutUIExtension),
 * with the reason shown otherwise.
 */
export function CheckoutSection({ allowed }: { allowed: boolean }) {
  const t = useT();
  return (
    <AnnotatedSection title={t('Booster.checkout.title')} description={t('Booster.checkout.description')}>
      <Card>
        <BlockStack gap="300">
          <FormCheckbox
            name="enableCheckoutUIExtension"
            label={t('fields.enableCheckoutUIExtension')}
            helpText={allowed ? t('Booster.checkout.help') : undefined}
            disabled={!allowed}
          />
          {!allowed && (
            <Text as="p" tone="subdued">
              {t('Booster.checkout.unavailable')}
            </Text>
          )}
        </BlockStack>
      </Card>
    </AnnotatedSection>
  );
}

/**
 * The cart-page toggle: a form field of its own (switching it is a change to save), and switching
 * it off clears the cart selector (SPEC §4).
 */
export function CartPageSection({ onboarding }: { onboarding?: Onboarding }) {
  const t = useT();
  const host = useHost();
  const form = useForm<BoosterValues>();
  const { input: showOnCartPage } = useField<boolean>('showOnCartPage', {
    type: 'checkbox',
    subscription: { value: true },
  });
  const deepLink = onboarding?.onboarding.appThemeExtensionCartDeepLink;
  return (
    <>
      <AnnotatedSection title={t('Booster.cart.title')} description={t('Booster.cart.description')}>
        <Card>
          <BlockStack gap="300">
            <Checkbox
              label={t('fields.showOnCartPage')}
              checked={!!showOnCartPage.checked}
              onChange={(checked) => {
                const next = withCartPage(form.getState().values, checked);
                form.batch(() => {
                  form.change('showOnCartPage', next.showOnCartPage);
                  form.change('cartPageCssSelector', next.cartPageCssSelector);
                });
              }}
            />
            {deepLink && (
              <div>
                <Button onClick={() => host.redirectTop(deepLink)}>{t('Booster.cart.openThemeEditor')}</Button>
              </div>
            )}
          </BlockStack>
        </Card>
      </AnnotatedSection>
      <AnnotatedSection title={t('Booster.cartDisplay.title')} description={t('Booster.cartDisplay.description')}>
        <Card>
          {showOnCartPage.checked ? (
            <Box maxWidth="320px">
              <FormTextField
                name="cartPageCssSelector"
                label={t('fields.cartPageCssSelector')}
                emptyAsNull
                monospaced
                placeholder=".cart__footer"
                helpText={t('Booster.cartDisplay.selectorHelp')}
              />
            </Box>
          ) : (
            <Text as="p" tone="subdued">
              {t('Booster.cartDisplay.off')}
            </Text>
          )}
        </Card>
      </AnnotatedSection>
    </>
  );
}

/** Discount settings: code or app → applyDiscountAtc true; none → false and discountType null (SPEC §4). */
export function DiscountSection() {
  const t = useT();
  const form = useForm<BoosterValues>();
  const { values } = useFormState<BoosterValues>({ subscription: { values: true } });
  const active = values.discountType !== null;
  return (
    <AnnotatedSection title={t('Booster.discount.title')} description={t('Booster.discount.description')}>
      <Card>
        <BlockStack gap="400">
          <Box maxWidth="320px">
            <DiscountTypeSelect
              onSelect={(type) => form.change('applyDiscountAtc', withDiscountType(values, type).applyDiscountAtc)}
            />
          </Box>
          {active && (
            <>
              <FormCheckbox
                name="applyDiscountAtc"
                label={t('fields.applyDiscountAtc')}
                helpText={t('Booster.discount.applyHelp')}
              />
              <Box maxWidth="320px">
                <FormTextField
                  name="discountValue"
                  label={t('fields.discountValue')}
                  numeric
                  inputMode="decimal"
                  helpText={t('Booster.discount.valueHelp')}
                />
              </Box>
              <Box maxWidth="320px">
                <FormTextField name="discountLabel" label={t('fields.discountLabel')} emptyAsNull maxLength={100} />
              </Box>
              <Box maxWidth="320px">
                <FormTextField
                  name="discountButtonText"
                  label={t('fields.discountButtonText')}
                  emptyAsNull
                  maxLength={100}
                />
              </Box>
              {values.discountType === 'code' && (
                <Box maxWidth="320px">
                  <FormTextField
                    name="discountCode"
                    label={t('fields.discountCode')}
                    emptyAsNull
                    maxLength={100}
                    monospaced
                  />
                </Box>
              )}
              <Box maxWidth="320px">
                <FormSelect
                  name="discountTypeRedirect"
                  label={t('fields.discountTypeRedirect')}
                  options={DISCOUNT_TYPE_REDIRECTS.map((v) => ({
                    value: v,
                    label: t(`Booster.discount.redirects.${v}`),
                  }))}
                />
              </Box>
            </>
          )}
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              {t('Booster.combinations.title')}
            </Text>
            <Text as="p" tone="subdued">
              {t('Booster.combinations.help')}
            </Text>
            {(['productDiscounts', 'orderDiscounts', 'shippingDiscounts'] as const).map((kind) => (
              <FormCheckbox
                key={kind}
                name={`bundleDiscountCombinesWith.${kind}`}
                label={t(`Booster.combinations.${kind}`)}
              />
            ))}
          </BlockStack>
        </BlockStack>
      </Card>
    </AnnotatedSection>
  );
}
