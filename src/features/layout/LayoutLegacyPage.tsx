import { useState } from 'react';
import { BlockStack, Box, Button, Card, Checkbox, InlineStack, Layout, Page } from '@shopify/polaris';
import { FormSpy, useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { AnnotatedSection } from '../../components/AnnotatedSection';
import { FormTextField } from '../../components/form';
import type { LayoutSettings } from '../../contracts/layout';
import { useShop } from '../shop';
import { LayoutFields } from './LayoutFields';
import { LayoutForm } from './LayoutForm';
import { LayoutPreview } from './LayoutPreview';
import { hasCustomCss } from './layoutForm';

/**
 * SPEC §4: the custom CSS toggle; off sets customCss to null, on starts from an empty stylesheet.
 * It shows the saved state: on only when there is a stylesheet (an empty one adds nothing to the
 * widget), or while the merchant has just switched it on to write one.
 */
export function CustomCssToggle() {
  const intl = useIntl();
  const { input } = useField<string | null>('customCss', { parse: (v) => v, format: (v) => v, allowNull: true });
  const [switchedOn, setSwitchedOn] = useState(false);
  const value = input.value ?? null;
  const enabled = value !== null && (switchedOn || hasCustomCss(value));
  return (
    <BlockStack gap="300">
      <Checkbox
        label={intl.formatMessage({ id: 'Layout.legacy.useCustomCss' })}
        helpText={intl.formatMessage({ id: 'Layout.customCssHelp' })}
        checked={enabled}
        onChange={(checked) => {
          setSwitchedOn(checked);
          input.onChange(checked ? (value ?? '') : null);
        }}
      />
      {enabled && (
        <FormTextField
          name="customCss"
          label={intl.formatMessage({ id: 'fields.customCss' })}
          multiline={6}
          monospaced
        />
      )}
    </BlockStack>
  );
}

/** /layoutLegacy: the older layout page, with the same live preview as the layout editor. */
export default function LayoutLegacyPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { scriptTagSupported } = useShop();
  return (
    <LayoutForm titleId="Pages.layoutLegacy.title" page="layoutLegacy">
      {(data) => (
        <Page
          title={t('Pages.layoutLegacy.title')}
          backAction={{ content: t('Pages.layout.title'), onAction: () => navigate('/layout') }}
        >
          <Layout>
            <AnnotatedSection title={t('Layout.settingsTitle')} description={t('Layout.legacy.description')}>
              <Card>
                <LayoutFields
                  scriptTagSupported={scriptTagSupported}
                  initialTemplate={data.definedTemplate}
                  customCss={false}
                />
              </Card>
            </AnnotatedSection>
            <AnnotatedSection title={t('fields.customCss')} description={t('Layout.legacy.cssDescription')}>
              <Card>
                <CustomCssToggle />
              </Card>
            </AnnotatedSection>
            <AnnotatedSection title={t('Layout.preview.title')} description={t('Layout.legacy.previewDescription')}>
              <FormSpy<LayoutSettings> subscription={{ values: true, pristine: true }}>
                {({ values, pristine }) => <LayoutPreview values={values} saved={pristine} heading={false} />}
              </FormSpy>
            </AnnotatedSection>
          </Layout>
          <Box paddingBlock="400" paddingBlockEnd="800" paddingInline={{ xs: '400', sm: '0' }}>
            <InlineStack>
              <Button variant="plain" onClick={() => navigate('/layout')}>
                {t('Layout.legacy.openNewEditor')}
              </Button>
            </InlineStack>
          </Box>
        </Page>
      )}
    </LayoutForm>
  );
}
