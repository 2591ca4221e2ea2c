import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { BlockStack, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import type { LookMainProduct, LookRelatedItem } from '../../../contracts/looks';
import { HotspotSuggestionsPanel } from './HotspotSuggestionsPanel';
import { useHotspotSuggestions } from './useHotspotSuggestions';

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
const MARKER_SIZE = 32;
/** How far the keyboard focus ring reaches beyond a marker: a 2 px white ring, then a 2 px focus-colour outline. */
const FOCUS_RING = 4;
/** The frame's padding around the image: a marker at 0 % or 100 % (and its focus ring) stays whole. */
const EDGE = MARKER_SIZE / 2 + FOCUS_RING;
const MARKER_CLASS = 'LookHotspotEditor-marker';
/**
 * What inline styles cannot say: the resting shadow, and a focus ring for keyboard focus only that
 * shows on light and dark images (white ring, then Polaris' focus colour; the outline stays in
 * forced-colours mode).
 */
const MARKER_CSS = `.${MARKER_CLASS}{box-shadow:0 1px 4px rgba(0,0,0,.45)}
.${MARKER_CLASS}:focus{outline:none}
.${MARKER_CLASS}:focus-visible{outline:2px solid var(--p-color-border-focus,#005bd3);outline-offset:2px;box-shadow:0 0 0 2px #fff,0 1px 6px 2px rgba(0,0,0,.45);z-index:1}
.${MARKER_CLASS}.is-suggestion{opacity:.9;z-index:2}`;
const STEP = { normal: 1, large: 10 };
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Which marker a pointer drags: a related item's (by index) or the suggestion for it. */
type Dragged = { index: number; suggestion: boolean };

/**
 * The look image with a numbered marker per related item, as the storefront places them: drag a
 * marker (mouse, pen or touch) or focus it and use the arrow keys (Shift: 10 %). Writes markerX /
 * markerY (0–100, integers) of the form's related items, so the sliders below follow. Markers the
 * vision model suggests (useHotspotSuggestions) are drawn dashed over the image, can be dragged the
 * same way, and become the items' markers once accepted.
 */
export function HotspotEditor() {
  const intl = useIntl();
  const { input: items } = useField<LookRelatedItem[]>('relatedItems');
  const { input: main } = useField<LookMainProduct>('mainProduct');
  const { input: color } = useField<string>('markerColor');
  const stage = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<Dragged | null>(null);
  const list = items.value || [];
  const src = main.value?.selectedMainImage || main.value?.image;
  const suggestions = useHotspotSuggestions(src);
  if (!src || !list.length) return null;

  const suggestionOf = (index: number) => suggestions.suggestions.find((s) => s.itemId === list[index]?.itemId);
  const place = (at: Dragged, x: number, y: number) => {
    if (at.suggestion) return suggestions.move(list[at.index].itemId, x, y);
    const item = list[at.index];
    if (!item || (item.markerX === clamp(x) && item.markerY === clamp(y))) return;
    items.onChange(list.map((it, i) => (i === at.index ? { ...it, markerX: clamp(x), markerY: clamp(y) } : it)));
  };
  const placeAt = (at: Dragged, e: PointerEvent) => {
    const rect = stage.current?.getBoundingClientRect();
    if (!rect || !rect.width || !rect.height) return;
    place(at, ((e.clientX - rect.left) / rect.width) * 100, ((e.clientY - rect.top) / rect.height) * 100);
  };
  const onKeyDown = (at: Dragged, from: { x: number; y: number }, e: KeyboardEvent) => {
    const arrow = ARROWS[e.key];
    if (!arrow) return;
    e.preventDefault();
    const step = e.shiftKey ? STEP.large : STEP.normal;
    place(at, from.x + arrow[0] * step, from.y + arrow[1] * step);
  };
  const isDragging = (at: Dragged) => dragging?.index === at.index && dragging.suggestion === at.suggestion;

  const hex = `#${(color.value || '1A1A1A').replace(/^#/, '')}`;
  const marker = (at: Dragged, x: number, y: number, label: string, testId: string) => (
    <button
      key={`${at.suggestion ? 's' : 'm'}-${list[at.index].itemId}`}
      type="button"
      className={at.suggestion ? `${MARKER_CLASS} is-suggestion` : MARKER_CLASS}
      aria-label={label}
      data-testid={testId}
      onPointerDown={(e) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture?.(e.pointerId);
        e.currentTarget.focus();
        setDragging(at);
      }}
      onPointerMove={(e) => {
        if (isDragging(at)) placeAt(at, e);
      }}
      onPointerUp={(e) => {
        if (isDragging(at)) placeAt(at, e);
        setDragging(null);
      }}
      onPointerCancel={() => setDragging(null)}
      onKeyDown={(e) => onKeyDown(at, { x, y }, e)}
      style={{
        position: 'absolute',
        left: `${x}%`,
        top: `${y}%`,
        transform: 'translate(-50%, -50%)',
        width: MARKER_SIZE,
        height: MARKER_SIZE,
        borderRadius: '50%',
        // A suggestion: white, with a dashed ring in the marker colour (what the merchant has not accepted yet).
        border: at.suggestion ? `2px dashed ${hex}` : '2px solid #fff',
        background: at.suggestion ? '#fff' : hex,
        color: at.suggestion ? '#1a1a1a' : inkFor(hex),
        font: '600 14px/28px sans-serif',
        cursor: isDragging(at) ? 'grabbing' : 'grab',
        touchAction: 'none',
        padding: 0,
      }}
    >
      {at.index + 1}
    </button>
  );

  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        {intl.formatMessage({ id: 'Looks.hotspots.hint' })}
      </Text>
      <style>{MARKER_CSS}</style>
      {/* The stage is the image's box (drag positions are relative to it) and clips nothing; the frame's padding keeps edge markers inside the card. */}
      <div data-testid="hotspot-frame" style={{ padding: EDGE }}>
        <div
          ref={stage}
          data-testid="hotspot-stage"
          style={{ position: 'relative', width: '100%', maxWidth: 480, lineHeight: 0, userSelect: 'none' }}
        >
          <img
            src={src}
            alt={intl.formatMessage({ id: 'Looks.hotspots.imageAlt' })}
            draggable={false}
            style={{ width: '100%', display: 'block', borderRadius: 8 }}
          />
          {list.map((item, index) =>
            marker(
              { index, suggestion: false },
              item.markerX,
              item.markerY,
              intl.formatMessage(
                { id: 'Looks.hotspots.marker' },
                { number: index + 1, title: item.title, x: item.markerX, y: item.markerY },
              ),
              `hotspot-${index}`,
            ),
          )}
          {list.map((item, index) => {
            const s = suggestionOf(index);
            return s
              ? marker(
                  { index, suggestion: true },
                  s.x,
                  s.y,
                  intl.formatMessage(
                    { id: 'Looks.hotspots.suggestion' },
                    { number: index + 1, title: item.title, x: s.x, y: s.y },
                  ),
                  `hotspot-suggestion-${index}`,
                )
              : null;
          })}
        </div>
      </div>
      <HotspotSuggestionsPanel items={list} suggestions={suggestions} />
    </BlockStack>
  );
}
