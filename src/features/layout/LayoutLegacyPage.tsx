import { BlockStack, Box, Card, Checkbox, Layout, Page, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { FormTextField } from '../../components/form';
import { useShop } from '../shop';
import { LayoutFields } from './LayoutFields';
import { LayoutForm } from './LayoutForm';

/** SPEC §4: the custom CSS toggle; off sets customCss to null, on starts from an empty stylesheet. */
export function CustomCssToggle() {
  const intl = useIntl();
  const { input } = useField<string | null>('customCss', { parse: (v) => v, format: (v) => v, allowNull: true });
  const enabled = input.value !== null && input.value !== undefined;
  return (
    <BlockStack gap="300">
      <Checkbox
        label={intl.formatMessage({ id: 'Layout.legacy.useCustomCss' })}
        helpText={intl.formatMessage({ id: 'Layout.customCssHelp' })}
        checked={enabled}
        onChange={(checked) => input.onChange(checked ? '' : null)}
      />
      {enabled && <FormTextField name="customCss" label={intl.formatMessage({ id: 'fields.customCss' })} multiline={6} monospaced />}
    </BlockStack>
  );
}

/** /layoutLegacy: the older layout page (no live preview). */
export default function LayoutLegacyPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { scriptTagSupported } = useShop();
  return (
    <LayoutForm titleId="Pages.layoutLegacy.title" page="layoutLegacy">
      {(data) => (
        <Page
          title={intl.formatMessage({ id: 'Pages.layoutLegacy.title' })}
          backAction={{ content: intl.formatMessage({ id: 'Pages.layout.title' }), onAction: () => navigate('/layout') }}
        >
          <Layout>
            <Layout.AnnotatedSection title={intl.formatMessage({ id: 'Layout.settingsTitle' })} description={intl.formatMessage({ id: 'Layout.legacy.description' })}>
              <Card>
                <LayoutFields scriptTagSupported={scriptTagSupported} initialTemplate={data.definedTemplate} customCss={false} />
              </Card>
            </Layout.AnnotatedSection>
            <Layout.AnnotatedSection title={intl.formatMessage({ id: 'fields.customCss' })} description={intl.formatMessage({ id: 'Layout.legacy.cssDescription' })}>
              <Card>
                <CustomCssToggle />
              </Card>
            </Layout.AnnotatedSection>
          </Layout>
          <Box paddingBlockEnd="800">
            <Text as="p" tone="subdued">{intl.formatMessage({ id: 'Layout.legacy.newEditorHint' })}</Text>
          </Box>
        </Page>
      )}
    </LayoutForm>
  );
}
