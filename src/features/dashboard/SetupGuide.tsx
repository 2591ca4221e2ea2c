import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Icon,
  InlineStack,
  ProgressBar,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { CheckCircleIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import type { Onboarding } from '../../contracts/shop';
import { useAppDispatch } from '../../app/hooks';
import { hideOnboarding, onboardingProgress, onboardingSteps } from '../onboarding';

interface Props {
  onboarding?: Onboarding;
  loading: boolean;
  error: boolean;
  onRetry(): void;
}

/** SPEC §4 setup guide: 3 steps, progress = completed/3, completion when all are done, hideable. */
export function SetupGuide({ onboarding, loading, error, onRetry }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const steps = onboarding ? onboardingSteps(onboarding) : [];
  const progress = onboardingProgress(steps);
  const firstOpen = steps.find((s) => !s.done)?.id;

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="start" wrap={false} gap="200">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {t('Onboarding.title')}
            </Text>
            <Text as="p" tone="subdued">
              {t('Onboarding.description')}
            </Text>
          </BlockStack>
          {/* Keeps its one line beside the description on narrow screens. */}
          <div style={{ flexShrink: 0 }}>
            <Button variant="plain" onClick={() => dispatch(hideOnboarding())}>
              {t('Onboarding.hide')}
            </Button>
          </div>
        </InlineStack>
        {loading && <SkeletonBodyText lines={4} />}
        {error && !loading && (
          <Banner tone="critical" action={{ content: t('General.actions.retry'), onAction: onRetry }}>
            {t('Onboarding.loadError')}
          </Banner>
        )}
        {onboarding && (
          <>
            <BlockStack gap="200">
              <Text as="p" variant="bodySm" tone="subdued">
                {t('Onboarding.progress', { completed: progress.completed, total: progress.total })}
              </Text>
              <ProgressBar
                progress={progress.percent}
                size="small"
                tone={progress.isComplete ? 'success' : 'primary'}
              />
            </BlockStack>
            {progress.isComplete && (
              <Banner tone="success" title={t('Onboarding.complete.title')}>
                {t('Onboarding.complete.description')}
              </Banner>
            )}
            <BlockStack gap="200" as="ol">
              {steps.map((step, index) => (
                <Box
                  as="li"
                  key={step.id}
                  padding="300"
                  borderRadius="200"
                  background={step.id === firstOpen ? 'bg-surface-secondary' : undefined}
                >
                  <InlineStack gap="300" wrap={false} blockAlign="start">
                    <span aria-hidden style={{ minWidth: 20 }}>
                      {step.done ? <Icon source={CheckCircleIcon} tone="success" /> : <StepNumber n={index + 1} />}
                    </span>
                    <BlockStack gap="200">
                      <InlineStack gap="200" blockAlign="center">
                        <Text as="h3" variant="headingSm">
                          {t(`Onboarding.steps.${step.id}.title`)}
                        </Text>
                        {step.done && <Badge tone="success">{t('Onboarding.done')}</Badge>}
                      </InlineStack>
                      {(step.id === firstOpen || !step.done) && (
                        <Text as="p" tone="subdued">
                          {t(
                            `Onboarding.steps.${step.id}.${step.id === 'enableExtension' && onboarding.scriptTagSupported ? 'scriptTagDescription' : 'description'}`,
                          )}
                        </Text>
                      )}
                      {!step.done && (
                        <div>
                          <Button
                            variant={step.id === firstOpen ? 'primary' : 'secondary'}
                            url={step.url}
                            external={step.external}
                            target={step.external ? '_blank' : undefined}
                          >
                            {t(`Onboarding.steps.${step.id}.action`)}
                          </Button>
                        </div>
                      )}
                    </BlockStack>
                  </InlineStack>
                </Box>
              ))}
            </BlockStack>
          </>
        )}
      </BlockStack>
    </Card>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span
      style={{
        display: 'inline-flex',
        width: 20,
        height: 20,
        borderRadius: '50%',
        border: '1.5px dashed #8a8a8a',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 11,
        color: 'var(--p-color-text-secondary)',
      }}
    >
      {n}
    </span>
  );
}
