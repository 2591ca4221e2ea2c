import { useMemo } from 'react';
import { BlockStack, Box, Card, Layout, Page, Text } from '@shopify/polaris';
import { Form, FormSpy } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { FormSaveBar, makeValidate } from '../../components/form';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import { layoutSettingsSchema, type LayoutSettings } from '../../contracts/layout';
import { useShop } from '../shop';
import { useGetLayoutQuery } from './layoutApi';
import { toLayoutFormValues } from './layoutForm';
import { LayoutFields } from './LayoutFields';
import { LayoutPreview } from './LayoutPreview';
import { LoadErrorPage } from '../../components/LoadErrorPage/LoadErrorPage';
import { useLayoutSubmit } from './useLayoutSubmit';

const validateLayout = makeValidate(layoutSettingsSchema);

/** /layout: the widget's template, placement, title, button and CSS with a live preview. */
export default function LayoutPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { scriptTagSupported } = useShop();
  const { data, isLoading, isError, refetch } = useGetLayoutQuery();
  const initialValues = useMemo(() => toLayoutFormValues(data), [data]);
  const onSubmit = useLayoutSubmit('layout');

  if (isLoading) return <PagePlaceholder titleId="Pages.layout.title" />;
  if (isError || !data) return <LoadErrorPage titleId="Pages.layout.title" onRetry={refetch} />;

  return (
    <Form<LayoutSettings> onSubmit={onSubmit} initialValues={initialValues} validate={validateLayout} subscription={{}}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <FormSaveBar />
          <Page
            title={intl.formatMessage({ id: 'Pages.layout.title' })}
            subtitle={intl.formatMessage({ id: 'Layout.subtitle' })}
            secondaryActions={[{ content: intl.formatMessage({ id: 'Layout.openLegacy' }), onAction: () => navigate('/layoutLegacy') }]}
          >
            <Layout>
              <Layout.Section variant="oneThird">
                <Card>
                  <BlockStack gap="400">
                    <Text as="h2" variant="headingMd">{intl.formatMessage({ id: 'Layout.settingsTitle' })}</Text>
                    <LayoutFields scriptTagSupported={scriptTagSupported} initialTemplate={data.definedTemplate} />
                  </BlockStack>
                </Card>
              </Layout.Section>
              <Layout.Section>
                <FormSpy<LayoutSettings> subscription={{ values: true }}>{({ values }) => <LayoutPreview values={values} />}</FormSpy>
              </Layout.Section>
            </Layout>
            <Box paddingBlockEnd="800" />
          </Page>
        </form>
      )}
    </Form>
  );
}
