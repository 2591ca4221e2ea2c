import { Button, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { TITLE_TRUNCATE, truncate, type LookRelatedItem } from '../../../contracts/looks';

/**
 * An item row's alternative product (issue 28 §4): the storefront shows it instead while the item is
 * sold out. Names the chosen alternative, and offers to choose (or change) and remove it.
 */
export function ItemAlternative({
  item,
  onPick,
  onClear,
}: {
  item: LookRelatedItem;
  onPick: () => void;
  onClear: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const alternative = item.alternative;
  const pick = alternative ? t('Looks.alternative.change') : t('Looks.alternative.pick');
  // The visible words first, then the item: a screen reader says which row, and speech input finds
  // the button by what it shows (WCAG 2.5.3, label in name).
  const named = (label: string) => `${label} – ${item.title}`;
  return (
    <InlineStack gap="200" blockAlign="center" wrap>
      <Text as="span" tone="subdued" variant="bodySm">
        {alternative
          ? t('Looks.alternative.chosen', { title: truncate(alternative.title || alternative.itemId, TITLE_TRUNCATE) })
          : t('Looks.alternative.none')}
      </Text>
      <Button variant="plain" onClick={onPick} accessibilityLabel={named(pick)}>
        {pick}
      </Button>
      {alternative && (
        <Button
          variant="plain"
          tone="critical"
          onClick={onClear}
          accessibilityLabel={named(t('Looks.alternative.remove'))}
        >
          {t('Looks.alternative.remove')}
        </Button>
      )}
    </InlineStack>
  );
}
