import { Banner, BlockStack, Card, SkeletonBodyText, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { lazyOnce } from '../../components/lazyOnce';
import { MIN_IMPRESSIONS_PER_VARIANT, MIN_TOTAL_CONVERSIONS } from '../../contracts/experiments';
import { useGetExperimentsQuery } from './experimentsApi';
import { ExperimentItem } from './ExperimentItem';

/**
 * The form to make a test, a chunk of its own: only a look's card shows it, so
 * the analytics page (every test of the shop) loads no text field or select for it.
 */
const createForm = lazyOnce(() => import(/* webpackChunkName: "create-experiment-form" */ './CreateExperimentForm'));
export const loadCreateExperimentForm = createForm.load;

interface Props {
  /** A look's tests (with the form to make one), or every test of the shop. */
  lookId?: number;
  /** The look's images a variant may show. */
  images?: readonly string[];
}

/** Issue 16 A/B tests: each variant's conversion with its interval and the probability B beats A (Bayesian beta-binomial). */
export function ExperimentsCard({ lookId, images = [] }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data, isLoading, isError, refetch } = useGetExperimentsQuery({ lookId });
  const open = (data ?? []).some((e) => e.status !== 'stopped');

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t('Experiments.title')}
          </Text>
          <Text as="p" tone="subdued">
            {t('Experiments.method', { impressions: MIN_IMPRESSIONS_PER_VARIANT, conversions: MIN_TOTAL_CONVERSIONS })}
          </Text>
        </BlockStack>
        {isLoading && <SkeletonBodyText lines={3} />}
        {isError && (
          <Banner tone="critical" action={{ content: t('Experiments.actions.retry'), onAction: () => void refetch() }}>
            {t('Experiments.errors.load')}
          </Banner>
        )}
        {data && !data.length && !lookId && <Text as="p">{t('Experiments.empty')}</Text>}
        {data?.map((e) => (
          <ExperimentItem key={e.id} experiment={e} showLook={!lookId} />
        ))}
        {lookId !== undefined && data && !open && (
          <createForm.Slot lookId={lookId} images={images} fallback={<SkeletonBodyText lines={4} />} />
        )}
      </BlockStack>
    </Card>
  );
}
