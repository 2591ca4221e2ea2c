import type { LookBrief } from './lookBrief';
import { merchantNotes, productLabel } from './promptParts';

/**
 * Prompts for OpenAI's image edits (`images.edit`): the look's product photos go in as the input
 * images, in the brief's order, and the prompt refers to them by number ("image 1"), as OpenAI's
 * multi-image edit guide does.
 */
export function openaiImagePrompt(brief: LookBrief): string {
  const list = brief.products
    .map((p, i) => `image ${i + 1}: ${productLabel(p)}${p.main ? ' — the main piece' : ''}`)
    .join('; ');
  const scene =
    brief.imageType === 'flat_lay'
      ? 'Create a photorealistic top-down flat lay product photo of these items arranged neatly on a soft neutral surface, evenly lit, with a little space between them so each item is fully visible and none overlaps another.'
      : 'Create a photorealistic full-body fashion photo of one model wearing or carrying these items together, in a bright minimal studio, so each item is clearly visible.';
  return [
    `${scene} Reproduce every item exactly as in its photo (shape, colour, pattern, details); add no other products, no text and no logos.`,
    `The look "${brief.title}" consists of ${list}.`,
    merchantNotes(brief),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The hotspot finder's instruction: one box per listed product, in the structured output's schema. */
export function openaiDetectPrompt(products: Array<{ title: string; productType?: string; colour?: string }>): string {
  const list = products
    .map(
      (p, i) => `${i}: ${productLabel({ title: p.title, productType: p.productType ?? '', colour: p.colour ?? '' })}`,
    )
    .join('\n');
  return [
    'Find each of these products in the image. For every product you can see, answer its index and the bounding box around it',
    'as [ymin, xmin, ymax, xmax] in integers normalised to 0–1000 of the image height and width. Leave out products that are not in the image.',
    list,
  ].join('\n');
}
