import { BlockStack, Button, Card, Icon, InlineError, InlineStack, Text, Thumbnail } from '@shopify/polaris';
import { DeleteIcon, DragHandleIcon, ImageIcon } from '@shopify/polaris-icons';
import { DragDropContext, Draggable, Droppable, type DraggableStateSnapshot, type DraggingStyle, type DropResult, type NotDraggingStyle } from '@hello-pangea/dnd';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useHost } from '../../../host/HostContext';
import {
  moveRelatedItem,
  newRelatedItem,
  reindexRelatedItems,
  TITLE_TRUNCATE,
  truncate,
  type LookRelatedItem,
} from '../../../contracts/looks';
import { useLookError } from './useLookError';

/** SPEC §9: drag list transition 300 ms, autoscroll zone 200 px. */
export const DRAG_TRANSITION_MS = 300;
export const AUTOSCROLL_ZONE_PX = 200;

const autoScrollerOptions = () => {
  const height = typeof window === 'undefined' ? 900 : window.innerHeight || 900;
  const start = Math.min(0.5, AUTOSCROLL_ZONE_PX / height);
  return { startFromPercentage: start, maxScrollAtPercentage: start / 4 };
};

/** Drop animation of 300 ms (the library's documented way: style while dropping). */
function itemStyle(style: DraggingStyle | NotDraggingStyle | undefined, snapshot: DraggableStateSnapshot) {
  if (!snapshot.isDropAnimating || !style) return style;
  return { ...style, transition: `all ${DRAG_TRANSITION_MS / 1000}s cubic-bezier(0.2, 1, 0.1, 1)` };
}

/** Related products: add via the picker, remove, reorder by drag (mouse, touch or keyboard). */
export function RelatedItemsSection() {
  const intl = useIntl();
  const host = useHost();
  const { input } = useField<LookRelatedItem[]>('relatedItems');
  const items = input.value || [];
  const listError = useLookError('relatedItems');
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const add = async () => {
    const picked = await host.pickProducts({ multiple: true, selectedIds: items.map((i) => i.itemId) });
    if (!picked?.length) return;
    const known = new Set(items.map((i) => i.itemId));
    const added = picked
      .filter((p) => !known.has(p.id))
      .map((p, i) => newRelatedItem({ id: p.id, title: p.title, image: p.images[0]?.originalSrc }, items.length + i));
    if (added.length) input.onChange([...items, ...added]);
  };

  const remove = (index: number) => input.onChange(reindexRelatedItems(items.filter((_, i) => i !== index)));

  const onDragEnd = (result: DropResult) => {
    if (!result.destination) return;
    input.onChange(moveRelatedItem(items, result.source.index, result.destination.index));
  };

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="start" gap="200">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">{t('Looks.related.title')}</Text>
            <Text as="p" tone="subdued" variant="bodySm">{t('Looks.related.description')}</Text>
          </BlockStack>
          <Button onClick={add}>{t('Looks.related.add')}</Button>
        </InlineStack>
        {items.length === 0 && <Text as="p" tone="subdued">{t('Looks.related.empty')}</Text>}
        <DragDropContext
          onDragEnd={onDragEnd}
          autoScrollerOptions={autoScrollerOptions()}
          dragHandleUsageInstructions={t('Looks.related.dragInstructions')}
        >
          <Droppable droppableId="related-items">
            {(drop) => (
              <div ref={drop.innerRef} {...drop.droppableProps} data-testid="related-items">
                {items.map((item, index) => (
                  <Draggable key={item.itemId} draggableId={item.itemId} index={index}>
                    {(drag, snapshot) => (
                      <div
                        ref={drag.innerRef}
                        {...drag.draggableProps}
                        style={itemStyle(drag.draggableProps.style, snapshot)}
                        data-testid="related-item"
                      >
                        <div
                          style={{
                            display: 'flex',
                            alignItems: 'center',
                            gap: 12,
                            padding: '8px 4px',
                            marginBottom: 4,
                            borderRadius: 8,
                            background: snapshot.isDragging ? 'var(--p-color-bg-surface-hover)' : 'var(--p-color-bg-surface)',
                            boxShadow: snapshot.isDragging ? 'var(--p-shadow-300)' : undefined,
                          }}
                        >
                          <span
                            {...drag.dragHandleProps}
                            aria-label={t('Looks.related.dragHandle', { title: item.title })}
                            data-testid="drag-handle"
                            style={{ cursor: 'grab', display: 'flex' }}
                          >
                            <Icon source={DragHandleIcon} tone="subdued" />
                          </span>
                          <Thumbnail source={item.image || ImageIcon} alt="" size="small" />
                          <div style={{ flex: 1, minWidth: 0 }}>
                            <Text as="span" truncate>
                              {truncate(item.title, TITLE_TRUNCATE)}
                            </Text>
                          </div>
                          <Button
                            icon={DeleteIcon}
                            variant="tertiary"
                            accessibilityLabel={t('Looks.related.remove', { title: item.title })}
                            onClick={() => remove(index)}
                          />
                        </div>
                      </div>
                    )}
                  </Draggable>
                ))}
                {drop.placeholder}
              </div>
            )}
          </Droppable>
        </DragDropContext>
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
