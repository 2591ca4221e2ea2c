import { SkeletonDisplayText, Text, type TextProps } from '@shopify/polaris';

/**
 * A skeleton exactly as tall as one line of a value in `variant`: the value's own line box (a hidden
 * "0") keeps the height, the skeleton sits on it, so nothing moves when the value arrives.
 */
export function ValueLineSkeleton({ variant, testId }: { variant: TextProps['variant']; testId?: string }) {
  return (
    <div data-testid={testId} style={{ position: 'relative' }}>
      <Text as="p" variant={variant}>
        <span style={{ visibility: 'hidden' }}>0</span>
      </Text>
      <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center' }}>
        <div style={{ flex: 1 }}>
          <SkeletonDisplayText size="small" />
        </div>
      </div>
    </div>
  );
}
