import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { BlockStack, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import type { LookMainProduct, LookRelatedItem } from '../../../contracts/looks';

/** Dark numbers on light marker colours, white on dark ones (relative luminance). */
function inkFor(hex: string): string {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  if (!Number.isFinite(n) || hex.length < 7) return '#fff';
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return luminance > 0.4 ? '#1a1a1a' : '#fff';
}

const clamp = (v: number) => Math.min(100, Math.max(0, Math.round(v)));
const STEP = { normal: 1, large: 10 };
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The look image with a numbered marker per related item, as the storefront places them: drag a
 * marker (mouse, pen or touch) or focus it and use the arrow keys (Shift: 10 %). Writes markerX /
 * markerY (0–100, integers) of the form's related items, so the sliders below follow.
 */
export function HotspotEditor() {
  const intl = useIntl();
  const { input: items } = useField<LookRelatedItem[]>('relatedItems');
  const { input: main } = useField<LookMainProduct>('mainProduct');
  const { input: color } = useField<string>('markerColor');
  const stage = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const list = items.value || [];
  const src = main.value?.selectedMainImage || main.value?.image;
  if (!src || !list.length) return null;

  const place = (index: number, x: number, y: number) => {
    const item = list[index];
    if (!item || (item.markerX === clamp(x) && item.markerY === clamp(y))) return;
    items.onChange(list.map((it, i) => (i === index ? { ...it, markerX: clamp(x), markerY: clamp(y) } : it)));
  };
  const placeAt = (index: number, e: PointerEvent) => {
    const rect = stage.current?.getBoundingClientRect();
    if (!rect || !rect.width || !rect.height) return;
    place(index, ((e.clientX - rect.left) / rect.width) * 100, ((e.clientY - rect.top) / rect.height) * 100);
  };
  const onKeyDown = (index: number, e: KeyboardEvent) => {
    const arrow = ARROWS[e.key];
    if (!arrow) return;
    e.preventDefault();
    const step = e.shiftKey ? STEP.large : STEP.normal;
    place(index, list[index].markerX + arrow[0] * step, list[index].markerY + arrow[1] * step);
  };

  const hex = `#${(color.value || '1A1A1A').replace(/^#/, '')}`;
  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        {intl.formatMessage({ id: 'Looks.hotspots.hint' })}
      </Text>
      <div
        ref={stage}
        data-testid="hotspot-stage"
        style={{ position: 'relative', width: '100%', maxWidth: 480, lineHeight: 0, userSelect: 'none', borderRadius: 8, overflow: 'hidden' }}
      >
        <img src={src} alt={intl.formatMessage({ id: 'Looks.hotspots.imageAlt' })} draggable={false} style={{ width: '100%', display: 'block' }} />
        {list.map((item, index) => (
          <button
            key={item.itemId}
            type="button"
            aria-label={intl.formatMessage(
              { id: 'Looks.hotspots.marker' },
              { number: index + 1, title: item.title, x: item.markerX, y: item.markerY },
            )}
            data-testid={`hotspot-${index}`}
            onPointerDown={(e) => {
              e.preventDefault();
              e.currentTarget.setPointerCapture?.(e.pointerId);
              e.currentTarget.focus();
              setDragging(index);
            }}
            onPointerMove={(e) => {
              if (dragging === index) placeAt(index, e);
            }}
            onPointerUp={(e) => {
              if (dragging === index) placeAt(index, e);
              setDragging(null);
            }}
            onPointerCancel={() => setDragging(null)}
            onKeyDown={(e) => onKeyDown(index, e)}
            style={{
              position: 'absolute',
              left: `${item.markerX}%`,
              top: `${item.markerY}%`,
              transform: 'translate(-50%, -50%)',
              width: 32,
              height: 32,
              borderRadius: '50%',
              border: '2px solid #fff',
              boxShadow: '0 1px 4px rgba(0,0,0,.45)',
              background: hex,
              color: inkFor(hex),
              font: '600 14px/28px sans-serif',
              cursor: dragging === index ? 'grabbing' : 'grab',
              touchAction: 'none',
              padding: 0,
            }}
          >
            {index + 1}
          </button>
        ))}
      </div>
    </BlockStack>
  );
}
