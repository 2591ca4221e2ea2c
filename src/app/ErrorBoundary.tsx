import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Card, EmptyState } from '@shopify/polaris';
import { FormattedMessage } from 'react-intl';

interface State {
  error: Error | null;
}

/** Generic error page on an uncaught rendering error; the error is logged to the console. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Uncaught rendering error', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box padding="400">
        <Card>
          <EmptyState heading={<FormattedMessage id="ErrorPage.title" /> as unknown as string} image="">
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
}
