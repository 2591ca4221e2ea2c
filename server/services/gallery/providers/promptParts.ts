import type { BriefProduct, LookBrief } from './lookBrief';

/** "Linen Shirt (shirt, sand)": a product as the prompts name it. */
export function productLabel(p: Pick<BriefProduct, 'title' | 'productType' | 'colour'>): string {
  const facts = [p.productType.trim().toLowerCase(), p.colour].filter(Boolean).join(', ');
  return facts ? `${p.title} (${facts})` : p.title;
}

/** The merchant's custom prompt as a closing instruction, or nothing. */
export function merchantNotes(brief: Pick<LookBrief, 'customPrompt'>): string {
  return brief.customPrompt ? `Additional direction from the merchant: ${brief.customPrompt}` : '';
}
