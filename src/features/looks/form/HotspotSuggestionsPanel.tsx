import { Banner, BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { truncate, MARKER_TITLE_TRUNCATE, type LookRelatedItem } from '../../../contracts/looks';
import type { HotspotSuggestions } from './useHotspotSuggestions';

/**
 * Below the hotspot editor's image: "Find products in the image", what the search found, and the
 * suggested markers to accept (one or all) or remove; the suggestions themselves are drawn (and
 * dragged) on the image by the editor.
 */
export function HotspotSuggestionsPanel({
  items,
  suggestions: s,
}: {
  items: LookRelatedItem[];
  suggestions: HotspotSuggestions;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { status, suggestions } = s;
  const numbered = suggestions.map((sug) => {
    const index = items.findIndex((i) => i.itemId === sug.itemId);
    return { ...sug, number: index + 1, title: items[index]?.title ?? '' };
  });
  numbered.sort((a, b) => a.number - b.number);
  const ids = numbered.map((n) => n.itemId);

  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Button onClick={() => void s.find()} loading={status.kind === 'finding'}>
          {t('Looks.hotspots.find')}
        </Button>
        {status.kind === 'finding' && (
          <Text as="span" tone="subdued">
            {t('Looks.hotspots.finding')}
          </Text>
        )}
      </InlineStack>
      <div aria-live="polite" data-testid="hotspot-suggest-status">
        {status.kind === 'error' && (
          <Banner tone="critical">{status.message ?? t('Looks.hotspots.errors.failed')}</Banner>
        )}
        {status.kind === 'done' && status.unavailable && (
          <Text as="p" tone="subdued">
            {t('Looks.hotspots.unavailable')}
          </Text>
        )}
        {status.kind === 'done' && !status.unavailable && status.found === 0 && (
          <Text as="p" tone="subdued">
            {t('Looks.hotspots.noneFound')}
          </Text>
        )}
        {numbered.length > 0 && <Text as="p">{t('Looks.hotspots.suggested', { count: numbered.length })}</Text>}
      </div>
      {numbered.length > 0 && (
        <BlockStack gap="200">
          <InlineStack gap="200">
            <Button variant="primary" onClick={() => s.accept(ids)}>
              {t('Looks.hotspots.acceptAll')}
            </Button>
            <Button onClick={() => s.remove(ids)}>{t('Looks.hotspots.removeAll')}</Button>
          </InlineStack>
          <ul
            style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 8 }}
            data-testid="hotspot-suggestions"
          >
            {numbered.map((n) => (
              <li key={n.itemId}>
                <InlineStack gap="200" blockAlign="center" wrap={false}>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text as="span" truncate>
                      {t('Looks.hotspots.suggestionRow', {
                        number: n.number,
                        title: truncate(n.title, MARKER_TITLE_TRUNCATE),
                        x: n.x,
                        y: n.y,
                      })}
                    </Text>
                  </div>
                  {/* The accessible names start with the visible text (WCAG 2.5.3). */}
                  <Button
                    size="slim"
                    onClick={() => s.accept([n.itemId])}
                    accessibilityLabel={t('Looks.hotspots.acceptOne', { number: n.number, title: n.title })}
                  >
                    {t('Looks.hotspots.accept')}
                  </Button>
                  <Button
                    size="slim"
                    variant="tertiary"
                    onClick={() => s.remove([n.itemId])}
                    accessibilityLabel={t('Looks.hotspots.removeOne', { number: n.number, title: n.title })}
                  >
                    {t('Looks.hotspots.remove')}
                  </Button>
                </InlineStack>
              </li>
            ))}
          </ul>
        </BlockStack>
      )}
    </BlockStack>
  );
}
