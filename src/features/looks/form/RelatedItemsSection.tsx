import { lazyOnce } from '../../../components/lazyOnce';
import { BlockStack, Button, Card, InlineError, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useHost } from '../../../host/HostContext';
import {
  newRelatedItem,
  reindexRelatedItems,
  setItemAlternative,
  type LookRelatedItem,
} from '../../../contracts/looks';
import { useLookError } from './useLookError';

/**
 * The reorderable list and the drag-and-drop library, a chunk of their own: a
 * new look has no related products yet, so its page loads and runs without
 * them (the list's chunk loads when the picker opens). Once loaded, the list
 * renders at once, without suspending (an edit page preloads it: LookEditPage).
 */
const list = lazyOnce(() => import(/* webpackChunkName: "related-items-list" */ './RelatedItemsList'));
export const loadRelatedItemsList = list.load;

/** Related products: add via the picker, remove, reorder by drag (mouse, touch or keyboard). */
export function RelatedItemsSection() {
  const intl = useIntl();
  const host = useHost();
  const { input } = useField<LookRelatedItem[]>('relatedItems');
  const items = input.value || [];
  const listError = useLookError('relatedItems');
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const add = async () => {
    void loadRelatedItemsList().catch(() => undefined);
    const picked = await host.pickProducts({ multiple: true, selectedIds: items.map((i) => i.itemId) });
    if (!picked?.length) return;
    const known = new Set(items.map((i) => i.itemId));
    const added = picked
      .filter((p) => !known.has(p.id))
      .map((p, i) => newRelatedItem({ id: p.id, title: p.title, image: p.images[0]?.originalSrc }, items.length + i));
    if (added.length) input.onChange([...items, ...added]);
  };

  const remove = (index: number) => input.onChange(reindexRelatedItems(items.filter((_, i) => i !== index)));

  /** The item's alternative: picked (one product, not the item itself), or removed. */
  const alternative = async (index: number, pick: boolean) => {
    const item = items[index];
    if (!item) return;
    if (!pick) return input.onChange(items.map((it, i) => (i === index ? setItemAlternative(it, null) : it)));
    const picked = await host.pickProducts({
      multiple: false,
      selectedIds: item.alternative ? [item.alternative.itemId] : [],
    });
    const product = picked?.[0];
    if (!product || product.id === item.itemId) return;
    input.onChange(
      items.map((it, i) =>
        i === index
          ? setItemAlternative(it, { id: product.id, title: product.title, image: product.images[0]?.originalSrc })
          : it,
      ),
    );
  };

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="start" gap="200">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {t('Looks.related.title')}
            </Text>
            <Text as="p" tone="subdued" variant="bodySm">
              {t('Looks.related.description')}
            </Text>
          </BlockStack>
          <Button onClick={add}>{t('Looks.related.add')}</Button>
        </InlineStack>
        {items.length === 0 && (
          <Text as="p" tone="subdued">
            {t('Looks.related.empty')}
          </Text>
        )}
        {items.length > 0 && (
          <list.Slot
            items={items}
            onChange={input.onChange}
            onRemove={remove}
            onAlternative={(i: number, pick: boolean) => void alternative(i, pick)}
            fallback={<SkeletonBodyText lines={items.length} />}
          />
        )}
        {listError && <InlineError message={listError} fieldID="relatedItems" />}
        {items.map((_, i) => (
          <ItemError key={i} index={i} />
        ))}
      </BlockStack>
    </Card>
  );
}

function ItemError({ index }: { index: number }) {
  const itemId = useLookError(`relatedItems[${index}].itemId`);
  const type = useLookError(`relatedItems[${index}].type`);
  const message = itemId ?? type;
  return message ? <InlineError message={message} fieldID={`relatedItems-${index}`} /> : null;
}
