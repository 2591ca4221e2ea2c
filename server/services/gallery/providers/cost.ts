/**
 * What one provider call cost, logged per image. Providers bill tokens; the USD figure applies the
 * list prices below (per million tokens; change them here when the price list changes) and is an
 * estimate — the provider's invoice is the truth, the logged token counts are what it bills.
 */
const PRICES: Record<string, { input: number; output: number }> = {
  // OpenAI GPT Image: image input tokens and image output tokens.
  openai: { input: 10, output: 40 },
  // Gemini image models: output image tokens (about 1,290 per 1024² image) dominate.
  gemini: { input: 0.3, output: 30 },
};

export interface ProviderUsage {
  provider: 'openai' | 'gemini';
  model: string;
  /** What the call was for: an image, or finding the products in one. */
  purpose: 'image' | 'hotspots';
  inputTokens: number;
  outputTokens: number;
}

export interface CostLog {
  info(obj: unknown, msg?: string): void;
}

export function estimateUsd(usage: ProviderUsage): number {
  const price = PRICES[usage.provider];
  return (
    Math.round(((usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000) * 10000) / 10000
  );
}

export function logCost(log: CostLog | undefined, usage: ProviderUsage, context: Record<string, unknown> = {}): void {
  log?.info(
    { ...context, ...usage, estimatedUsd: estimateUsd(usage) },
    `image provider cost: ${usage.provider} ${usage.purpose}`,
  );
}
