import { useState } from 'react';
import { BlockStack, Box, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { AnnotatedSection } from '../../components/AnnotatedSection';
import { BookOpenIcon, EmailIcon, KeyIcon } from '@shopify/polaris-icons';
import { useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import { FormCheckbox, FormSelect, FormTextField } from '../../components/form';
import type { ShopSettings } from '../../contracts/shop';
import { useHost } from '../../host/HostContext';
import { useCreateApiTokenMutation } from '../shop';
import { ApiTokenModal } from './ApiTokenModal';
import { localeOptions, popupEventOptions, showPopupDelay, variantStyleOptions } from './settingsRules';

const useT = () => {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
};

/** Text fields are capped at 320 px (SPEC §9). */
const Narrow = ({ children }: { children: React.ReactNode }) => <Box maxWidth="320px">{children}</Box>;

export function MainSection({
  scriptTagSupported,
  template,
  canUseCheckout,
}: {
  scriptTagSupported: boolean;
  template?: string;
  canUseCheckout?: boolean;
}) {
  const t = useT();
  const { values } = useFormState<ShopSettings>({ subscription: { values: true } });
  return (
    <AnnotatedSection title={t('Settings.main.title')} description={t('Settings.main.description')}>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="300">
            <FormCheckbox name="enabled" label={t('fields.enabled')} helpText={t('Settings.main.enabledHelp')} />
            <FormCheckbox name="showCompareAtPrice" label={t('fields.showCompareAtPrice')} />
            <FormCheckbox name="autoHideOutOfStockItems" label={t('fields.autoHideOutOfStockItems')} />
            <FormCheckbox name="removeUTMParam" label={t('fields.removeUTMParam')} />
            <FormCheckbox
              name="useProductLookDiscount"
              label={t('fields.useProductLookDiscount')}
              helpText={t('Settings.main.lookDiscountHelp')}
            />
            {canUseCheckout && (
              <FormCheckbox name="enableCheckoutUIExtension" label={t('fields.enableCheckoutUIExtension')} />
            )}
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="400">
            <Text as="h3" variant="headingSm">
              {t('Settings.main.variants')}
            </Text>
            <Narrow>
              <FormSelect
                name="definedVariantStyle"
                label={t('fields.definedVariantStyle')}
                options={variantStyleOptions(scriptTagSupported, values.definedVariantStyle, template).map((v) => ({
                  value: v,
                  label: t(`Settings.variantStyles.${v}`),
                }))}
              />
            </Narrow>
            <Narrow>
              <FormTextField name="variantLabel" label={t('fields.variantLabel')} requiredIndicator maxLength={60} />
            </Narrow>
            <Narrow>
              <FormTextField
                name="lowQuantityUnitLimit"
                label={t('fields.lowQuantityUnitLimit')}
                emptyAsNull
                inputMode="numeric"
                helpText={t('Settings.main.lowQuantityHelp')}
              />
            </Narrow>
          </BlockStack>
        </Card>
        <Card>
          <BlockStack gap="400">
            <Text as="h3" variant="headingSm">
              {t('Settings.main.discountButton')}
            </Text>
            <FormCheckbox name="applyDiscount" label={t('fields.applyDiscount')} />
            {values.applyDiscount && (
              <>
                <Narrow>
                  <FormTextField
                    name="discountButtonText"
                    label={t('fields.discountButtonText')}
                    emptyAsNull
                    maxLength={100}
                  />
                </Narrow>
                <Narrow>
                  <FormTextField
                    name="discountCode"
                    label={t('fields.discountCode')}
                    emptyAsNull
                    maxLength={100}
                    monospaced
                  />
                </Narrow>
              </>
            )}
            <Narrow>
              <FormTextField
                name="mainButtonAfterSectionSelector"
                label={t('fields.mainButtonAfterSectionSelector')}
                emptyAsNull
                monospaced
                helpText={t('Settings.main.selectorHelp')}
              />
            </Narrow>
          </BlockStack>
        </Card>
        {scriptTagSupported && <PopupCard values={values} />}
      </BlockStack>
    </AnnotatedSection>
  );
}

/** Popup options: only where script tags work (SPEC §6); the delay only for post_onload_time. */
function PopupCard({ values }: { values: ShopSettings }) {
  const t = useT();
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h3" variant="headingSm">
          {t('Settings.popup.title')}
        </Text>
        <FormCheckbox name="usePoopUpEnabled" label={t('fields.usePoopUpEnabled')} />
        <Narrow>
          <FormSelect
            name="usePoopUpEvent"
            label={t('fields.usePoopUpEvent')}
            options={popupEventOptions().map((v) => ({ value: v, label: t(`Settings.popupEvents.${v}`) }))}
          />
        </Narrow>
        {showPopupDelay(values) && (
          <Narrow>
            <FormTextField name="usePoopUpDelay" label={t('fields.usePoopUpDelay')} numeric inputMode="decimal" />
          </Narrow>
        )}
        <FormCheckbox name="useButtonPDP" label={t('fields.useButtonPDP')} />
      </BlockStack>
    </Card>
  );
}

export function LanguageSection() {
  const t = useT();
  return (
    <AnnotatedSection title={t('Settings.language.title')} description={t('Settings.language.description')}>
      <Card>
        <BlockStack gap="400">
          <Narrow>
            <FormSelect
              name="locale"
              label={t('fields.locale')}
              options={localeOptions().map((l) => ({ value: l, label: t(`Settings.languages.${l}`) }))}
            />
          </Narrow>
          <FormCheckbox name="multiLocale" label={t('fields.multiLocale')} />
        </BlockStack>
      </Card>
    </AnnotatedSection>
  );
}

/** Shopify Flow: the conversion drop that starts "Look conversion dropped" (whole percent, 5–90). */
export function FlowSection() {
  const t = useT();
  return (
    <AnnotatedSection title={t('Settings.flow.title')} description={t('Settings.flow.description')}>
      <Card>
        <Narrow>
          <FormTextField
            name="conversionDropThreshold"
            label={t('fields.conversionDropThreshold')}
            numeric
            inputMode="numeric"
            suffix="%"
            helpText={t('Settings.flow.conversionDropHelp')}
          />
        </Narrow>
      </Card>
    </AnnotatedSection>
  );
}

/** API access: POST /shop/apiToken → the token modal (shown once). */
export function ApiAccessSection() {
  const t = useT();
  const host = useHost();
  const [generate, { isLoading }] = useCreateApiTokenMutation();
  const [token, setToken] = useState<string | null>(null);
  const onGenerate = async () => {
    try {
      const res = await generate().unwrap();
      setToken(res.token);
      host.toast(t('Settings.apiToken.generated'));
    } catch {
      host.toast(t('Settings.apiToken.generateError'), { isError: true });
    }
  };
  return (
    <AnnotatedSection title={t('Settings.api.title')} description={t('Settings.api.description')}>
      <Card>
        <BlockStack gap="300">
          <Text as="p">{t('Settings.api.body')}</Text>
          <div>
            <Button icon={KeyIcon} loading={isLoading} onClick={() => void onGenerate()}>
              {t('Settings.api.generate')}
            </Button>
          </div>
        </BlockStack>
      </Card>
      {token && <ApiTokenModal token={token} onClose={() => setToken(null)} />}
    </AnnotatedSection>
  );
}

export const SUPPORT_EMAIL = 'support@shoppable-looks.app';
export const DOCS_URL = 'https://docs.shoppable-looks.app';

export function ContactSection() {
  const t = useT();
  return (
    <AnnotatedSection title={t('Settings.contact.title')} description={t('Settings.contact.description')}>
      <Card>
        <BlockStack gap="300">
          <Text as="p">{t('Settings.contact.body')}</Text>
          <InlineStack gap="200">
            <Button icon={EmailIcon} url={`mailto:${SUPPORT_EMAIL}`} external>
              {t('Settings.contact.email')}
            </Button>
            <Button icon={BookOpenIcon} url={DOCS_URL} external>
              {t('Settings.contact.docs')}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </AnnotatedSection>
  );
}
