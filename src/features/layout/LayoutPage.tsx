import { BlockStack, Box, Card, Layout, Page, Text } from '@shopify/polaris';
import { FormSpy } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { LayoutSettings } from '../../contracts/layout';
import { useShop } from '../shop';
import { HydrationBoundary } from '../../components/HydrationBoundary';
import { LayoutFields } from './LayoutFields';
import { LayoutForm } from './LayoutForm';
import { LayoutPreview } from './LayoutPreview';
import { layoutApi } from './layoutApi';
import type { AppStore } from '../../app/store';
import { prefetchQuery } from '../../api/prefetchQuery';

/** The saved settings, asked on boot with the shop call (routes.tsx): the server renders the form with them. */
export function prefetch(store: AppStore): Promise<unknown> {
  return prefetchQuery(store, (dispatch) => dispatch(layoutApi.endpoints.getLayout.initiate()));
}

/** /layout: the widget's template, placement, title, button and CSS with a live preview. */
export default function LayoutPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { scriptTagSupported } = useShop();
  return (
    <LayoutForm titleId="Pages.layout.title" page="layout">
      {(data) => (
        <Page
          title={intl.formatMessage({ id: 'Pages.layout.title' })}
          subtitle={intl.formatMessage({ id: 'Layout.subtitle' })}
          secondaryActions={[
            { content: intl.formatMessage({ id: 'Layout.openLegacy' }), onAction: () => navigate('/layoutLegacy') },
          ]}
        >
          {/* Hydrated in passes of their own (HydrationBoundary): the settings, then the preview. */}
          <HydrationBoundary>
            <Layout>
              <Layout.Section variant="oneThird">
                <Card>
                  <BlockStack gap="400">
                    <Text as="h2" variant="headingMd">
                      {intl.formatMessage({ id: 'Layout.settingsTitle' })}
                    </Text>
                    <LayoutFields scriptTagSupported={scriptTagSupported} initialTemplate={data.definedTemplate} />
                  </BlockStack>
                </Card>
              </Layout.Section>
              <Layout.Section>
                <HydrationBoundary>
                  <FormSpy<LayoutSettings> subscription={{ values: true, pristine: true }}>
                    {({ values, pristine }) => <LayoutPreview values={values} saved={pristine} />}
                  </FormSpy>
                </HydrationBoundary>
              </Layout.Section>
            </Layout>
          </HydrationBoundary>
          <Box paddingBlockEnd="800" />
        </Page>
      )}
    </LayoutForm>
  );
}
