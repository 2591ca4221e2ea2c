import { Card, EmptyState, Page } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';

/** Unknown routes: the page's title says what happened (its heading for screen readers), with the way home. */
export default function NotFoundPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <Page title={intl.formatMessage({ id: 'NotFound.title' })}>
      <Card>
        <EmptyState
          action={{ content: intl.formatMessage({ id: 'NotFound.action' }), onAction: () => navigate('/') }}
          image=""
        >
          <p>{intl.formatMessage({ id: 'NotFound.description' })}</p>
        </EmptyState>
      </Card>
    </Page>
  );
}
