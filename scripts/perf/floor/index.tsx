/**
 * The floor: the barest Polaris admin page (AppProvider + Page + a Card with
 * text), built with the app's own webpack/babel setup (floor.webpack.config.ts).
 * `npm run perf` measures every route of the app against it.
 */
import '@shopify/polaris/build/esm/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider, Card, Page, Text } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider i18n={en}>
      <Page title="Floor">
        <Card>
          <Text as="p">A bare Polaris page: the least any admin page built with this toolchain loads and runs.</Text>
        </Card>
      </Page>
    </AppProvider>
  </StrictMode>,
);
