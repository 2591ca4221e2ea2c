import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { Box, Button, Card, EmptyState } from '@shopify/polaris';
import { FormattedMessage } from 'react-intl';

/**
 * The pages' error element (react-router's `errorElement`, App.tsx): a generic error page where
 * the page was, for an uncaught rendering error or a page chunk that failed to load; the error is
 * logged to the console. The next navigation renders a page again.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('Uncaught rendering error', error), [error]);
  return (
    <Box padding="400">
      <Card>
        <EmptyState heading={(<FormattedMessage id="ErrorPage.title" />) as unknown as string} image="">
          <p>
            <FormattedMessage id="ErrorPage.description" />
          </p>
          <Button onClick={() => window.location.reload()}>
            {(<FormattedMessage id="ErrorPage.action" />) as unknown as string}
          </Button>
        </EmptyState>
      </Card>
    </Box>
  );
}
