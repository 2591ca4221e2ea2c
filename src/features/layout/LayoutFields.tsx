import { BlockStack, Box } from '@shopify/polaris';
import { useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import { FormSelect, FormTextField } from '../../components/form';
import { FormHexColorField } from '../../components/HexColorField';
import type { LayoutSettings } from '../../contracts/layout';
import { placementOptions } from './layoutForm';
import { TemplateSelect } from './TemplateSelect';

/** Template, placement (where script tags work), title, button and custom CSS fields. */
export function LayoutFields({
  scriptTagSupported,
  initialTemplate,
  customCss = true,
}: {
  scriptTagSupported: boolean;
  initialTemplate: string;
  customCss?: boolean;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { values } = useFormState<LayoutSettings>({ subscription: { values: true } });
  return (
    <BlockStack gap="400">
      <TemplateSelect scriptTagSupported={scriptTagSupported} initial={initialTemplate} />
      {scriptTagSupported && (
        <FormSelect
          name="placementMethod"
          label={t('fields.placementMethod')}
          options={placementOptions().map((p) => ({ value: p, label: t(`Layout.placements.${p}`) }))}
        />
      )}
      {scriptTagSupported && values.placementMethod === 'selector' && (
        <Box maxWidth="320px">
          <FormTextField
            name="inPageCssSelector"
            label={t('fields.inPageCssSelector')}
            emptyAsNull
            placeholder=".product__description"
            helpText={t('Layout.selectorHelp')}
            monospaced
          />
        </Box>
      )}
      <Box maxWidth="320px">
        <FormTextField
          name="customTitle"
          label={t('fields.customTitle')}
          helpText={t('Layout.customTitleHelp')}
          maxLength={200}
        />
      </Box>
      <FormHexColorField name="addToCartButtonColor" label={t('fields.addToCartButtonColor')} />
      <Box maxWidth="320px">
        <FormTextField name="addToCartText" label={t('fields.addToCartText')} requiredIndicator maxLength={60} />
      </Box>
      {customCss && (
        <FormTextField
          name="customCss"
          label={t('fields.customCss')}
          multiline={5}
          monospaced
          helpText={t('Layout.customCssHelp')}
          placeholder=".sl-title { letter-spacing: .04em; }"
        />
      )}
    </BlockStack>
  );
}
