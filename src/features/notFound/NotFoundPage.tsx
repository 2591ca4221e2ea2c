import { Card, EmptyState, Page } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';

export default function NotFoundPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <Page>
      <Card>
        <EmptyState
          heading={intl.formatMessage({ id: 'NotFound.title' })}
          action={{ content: intl.formatMessage({ id: 'NotFound.action' }), onAction: () => navigate('/') }}
          image=""
        >
          <p>{intl.formatMessage({ id: 'NotFound.description' })}</p>
        </EmptyState>
      </Card>
    </Page>
  );
}
