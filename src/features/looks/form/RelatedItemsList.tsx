import { Button, Icon, Text } from '@shopify/polaris';
import { DeleteIcon, DragHandleIcon } from '@shopify/polaris-icons';
import {
  DragDropContext,
  Draggable,
  Droppable,
  type DraggableStateSnapshot,
  type DraggingStyle,
  type DropResult,
  type NotDraggingStyle,
} from '@hello-pangea/dnd';
import { useIntl } from 'react-intl';
import { moveRelatedItem, TITLE_TRUNCATE, truncate, type LookRelatedItem } from '../../../contracts/looks';
import { ProductThumbnail } from '../../../components/ProductThumbnail';
import { ItemAlternative } from './ItemAlternative';

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

export interface RelatedItemsListProps {
  items: LookRelatedItem[];
  onChange: (items: LookRelatedItem[]) => void;
  onRemove: (index: number) => void;
  /** Choose (or change) the item's alternative product; null removes it. */
  onAlternative?: (index: number, pick: boolean) => void;
}

/**
 * The related products as a list to reorder by drag (mouse, touch or
 * keyboard): its own chunk with the drag-and-drop library, loaded once there
 * are products to list (RelatedItemsSection).
 */
export default function RelatedItemsList({ items, onChange, onRemove, onAlternative }: RelatedItemsListProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const onDragEnd = (result: DropResult) => {
    if (!result.destination) return;
    onChange(moveRelatedItem(items, result.source.index, result.destination.index));
  };
  return (
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
                        background: snapshot.isDragging
                          ? 'var(--p-color-bg-surface-hover)'
                          : 'var(--p-color-bg-surface)',
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
                      <ProductThumbnail image={item.image} size="small" />
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <span data-testid="related-item-title">
                          <Text as="span" truncate>
                            {truncate(item.title, TITLE_TRUNCATE)}
                          </Text>
                        </span>
                        {onAlternative && (
                          <ItemAlternative
                            item={item}
                            onPick={() => onAlternative(index, true)}
                            onClear={() => onAlternative(index, false)}
                          />
                        )}
                      </div>
                      <Button
                        icon={DeleteIcon}
                        variant="tertiary"
                        accessibilityLabel={t('Looks.related.remove', { title: item.title })}
                        onClick={() => onRemove(index)}
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
  );
}
