import type { LookBrief } from './lookBrief';
import { merchantNotes, productLabel } from './promptParts';

/**
 * Prompts for Gemini image generation (`generateContent` with image output): the request's parts
 * interleave each product's name with its photo, so the model knows which photo is which.
 */
export function geminiImagePrompt(brief: LookBrief): { intro: string; perProduct: string[]; closing: string } {
  const scene =
    brief.imageType === 'flat_lay'
      ? 'Generate a photorealistic overhead flat lay photograph of the products shown below, arranged on a soft neutral background with even daylight, each item fully visible and apart from the others.'
      : 'Generate a photorealistic fashion photograph of a single model wearing or holding all the products shown below, full body, bright minimal studio, each item clearly visible.';
  return {
    intro: `${scene} The look is called "${brief.title}".`,
    perProduct: brief.products.map(
      (p, i) => `Product ${i + 1}${p.main ? ' (the main piece)' : ''}: ${productLabel(p)}.`,
    ),
    closing: [
      'Keep every product exactly as photographed: same shape, colour, pattern and details. Do not add other products, text, watermarks or logos.',
      merchantNotes(brief),
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/**
 * The hotspot finder's instruction, following Gemini's documented object detection: boxes as
 * `box_2d` [ymin, xmin, ymax, xmax] normalised to 0–1000, one labelled entry per object found.
 */
export function geminiDetectPrompt(products: Array<{ title: string; productType?: string; colour?: string }>): string {
  const list = products
    .map(
      (p, i) => `${i}: ${productLabel({ title: p.title, productType: p.productType ?? '', colour: p.colour ?? '' })}`,
    )
    .join('\n');
  return [
    'Detect the following products in the image. Return a JSON list where each entry has "index" (the number of the product below),',
    '"label" (its name) and "box_2d" [ymin, xmin, ymax, xmax] normalised to 0-1000. Only list products that are visible; at most one entry per product.',
    list,
  ].join('\n');
}
