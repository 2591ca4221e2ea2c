import { useCallback, useEffect, useRef, useState } from 'react';
import { useField } from 'react-final-form';
import { errorMessage } from '../../../api/errors';
import { isGeneratedImageUrl } from '../../../contracts/hotspots';
import type { LookRelatedItem } from '../../../contracts/looks';
import { useSuggestHotspotsMutation } from '../lookApi';

/** A marker the vision model suggests for a related item (percent of the image), until accepted or removed. */
export interface HotspotSuggestion {
  itemId: string;
  x: number;
  y: number;
}

export type SuggestStatus =
  | { kind: 'idle' }
  | { kind: 'finding' }
  /** `unavailable`: no vision model is configured (IMAGE_PROVIDER=local); the markers stay as they are. */
  | { kind: 'done'; found: number; unavailable: boolean }
  | { kind: 'error'; message: string | undefined };

const clamp = (v: number) => Math.min(100, Math.max(0, Math.round(v)));

/**
 * Suggested markers for the look image: asks POST /productLooks/hotspots where the related items are
 * (on request, and by itself whenever the look image changes in the form to an upload or another
 * product photo; a generated image brings its own positions), keeps the answer as suggestions, and writes one (accept), all
 * (accept all) or none of them into the items' markerX / markerY. Suggestions can be moved first.
 */
export function useHotspotSuggestions(src: string | null | undefined) {
  const { input: items } = useField<LookRelatedItem[]>('relatedItems');
  const [suggest] = useSuggestHotspotsMutation();
  const [suggestions, setSuggestions] = useState<HotspotSuggestion[]>([]);
  const [status, setStatus] = useState<SuggestStatus>({ kind: 'idle' });
  const list = items.value || [];
  const latest = useRef({ list, src });
  latest.current = { list, src };
  const request = useRef(0);

  const find = useCallback(async () => {
    const { list: current, src: image } = latest.current;
    if (!image || !current.length) return;
    const id = ++request.current;
    setSuggestions([]);
    setStatus({ kind: 'finding' });
    try {
      const res = await suggest({
        imageUrl: image,
        products: current.map((i) => ({ productId: i.itemId, title: i.title })),
      }).unwrap();
      // An answer for an image that is no longer the look's (or a newer request) is dropped.
      if (id !== request.current) return;
      const known = new Set(current.map((i) => i.itemId));
      const found = res.positions
        .filter((p) => known.has(p.productId))
        .map((p) => ({ itemId: p.productId, x: clamp(p.x), y: clamp(p.y) }));
      setSuggestions(found);
      setStatus({ kind: 'done', found: found.length, unavailable: res.provider === 'local' });
    } catch (error) {
      if (id === request.current) setStatus({ kind: 'error', message: errorMessage(error) });
    }
  }, [suggest]);

  // A new look image in this form: its products are looked for. Not the image the form opened with (that
  // would cost a request each time), nor a generated image (it came with its positions, already placed).
  const shown = useRef(src);
  useEffect(() => {
    if (!src || src === shown.current) return;
    shown.current = src;
    if (isGeneratedImageUrl(src)) return;
    void find();
  }, [src, find]);

  // Suggestions for items no longer in the look are left out.
  const current = suggestions.filter((s) => list.some((i) => i.itemId === s.itemId));

  const accept = (itemIds: string[]) => {
    const chosen = new Map(current.filter((s) => itemIds.includes(s.itemId)).map((s) => [s.itemId, s]));
    if (!chosen.size) return;
    items.onChange(
      list.map((item) =>
        chosen.has(item.itemId)
          ? { ...item, markerX: chosen.get(item.itemId)!.x, markerY: chosen.get(item.itemId)!.y }
          : item,
      ),
    );
    setSuggestions((all) => all.filter((s) => !chosen.has(s.itemId)));
  };
  const remove = (itemIds: string[]) => setSuggestions((all) => all.filter((s) => !itemIds.includes(s.itemId)));
  const move = (itemId: string, x: number, y: number) =>
    setSuggestions((all) => all.map((s) => (s.itemId === itemId ? { ...s, x: clamp(x), y: clamp(y) } : s)));

  return { suggestions: current, status, find, accept, remove, move };
}

export type HotspotSuggestions = ReturnType<typeof useHotspotSuggestions>;
