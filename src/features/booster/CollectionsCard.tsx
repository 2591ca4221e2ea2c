import { useState } from 'react';
import { Badge, BlockStack, Button, Card, InlineStack, Link, Text } from '@shopify/polaris';
import { AnnotatedSection } from '../../components/AnnotatedSection';
import { DeleteIcon, PlusIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import type { LookCollection } from '../../contracts/booster';
import { CreateCollectionModal } from './CreateCollectionModal';
import { DeleteCollectionModal } from './DeleteCollectionModal';
import { PaintedEmptyState } from '../../components/PaintedEmptyState';

/** Collections: add button with a create modal, list with a delete modal (featured ones cannot be deleted). */
export function CollectionsCard({ collections }: { collections: LookCollection[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<LookCollection | null>(null);
  return (
    <AnnotatedSection title={t('Booster.collections.title')} description={t('Booster.collections.description')}>
      <Card padding="0">
        <BlockStack>
          <div style={{ padding: 'var(--p-space-400)' }}>
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h3" variant="headingSm">
                {t('Booster.collections.count', { count: collections.length })}
              </Text>
              <Button icon={PlusIcon} onClick={() => setCreating(true)}>
                {t('Booster.collections.add')}
              </Button>
            </InlineStack>
          </div>
          {collections.length === 0 ? (
            <PaintedEmptyState heading={t('Booster.collections.emptyTitle')}>
              <p>{t('Booster.collections.emptyBody')}</p>
            </PaintedEmptyState>
          ) : (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('Booster.collections.plural')}>
              {collections.map((collection) => (
                <li
                  key={collection.id}
                  data-testid="collection-row"
                  style={{
                    borderTop: '1px solid var(--p-color-border-secondary)',
                    padding: 'var(--p-space-300) var(--p-space-400)',
                  }}
                >
                  <InlineStack align="space-between" blockAlign="center" wrap={false} gap="300">
                    <BlockStack gap="100" inlineAlign="start">
                      <InlineStack gap="200" align="start" blockAlign="center">
                        <Text as="span" variant="bodyMd" fontWeight="semibold">
                          {collection.name}
                        </Text>
                        {collection.isFeatured && <Badge tone="info">{t('Booster.collections.featured')}</Badge>}
                      </InlineStack>
                      <Link url={collection.storeFrontLink} target="_blank" removeUnderline>
                        <Text as="span" tone="subdued" variant="bodySm" breakWord>
                          {collection.storeFrontLink}
                        </Text>
                      </Link>
                    </BlockStack>
                    {!collection.isFeatured && (
                      <Button
                        icon={DeleteIcon}
                        tone="critical"
                        variant="tertiary"
                        accessibilityLabel={t('Booster.collections.deleteLabel', { name: collection.name })}
                        onClick={() => setToDelete(collection)}
                      />
                    )}
                  </InlineStack>
                </li>
              ))}
            </ul>
          )}
        </BlockStack>
      </Card>
      {creating && <CreateCollectionModal onClose={() => setCreating(false)} />}
      {toDelete && <DeleteCollectionModal collection={toDelete} onClose={() => setToDelete(null)} />}
    </AnnotatedSection>
  );
}
