import OpenAI, { toFile } from 'openai';
import type { Db } from '../../../db';
import type { GeneratedImage, PositioningImageGenerator } from '../generator';
import { logCost, type CostLog } from './cost';
import { BOXES_SCHEMA, findPositions, positionsFromBoxes, type HotspotDetector } from './detection';
import { ProviderFailure, type ProviderFailureKind } from './failure';
import { answerJpeg, checkInputSize, inputJpeg } from './imageBytes';
import { buildLookBrief } from './lookBrief';
import type { ShopFileReader } from '../../../storage';
import { openaiDetectPrompt, openaiImagePrompt } from './openaiPrompts';

export interface OpenAIProviderOptions {
  apiKey: string;
  /** OPENAI_BASE_URL: a compatible gateway or the local stand-in (default: the SDK's api.openai.com/v1). */
  baseURL?: string;
  imageModel: string;
  visionModel: string;
  quality: 'low' | 'medium' | 'high' | 'auto';
  /** Per request (the SDK's timeout); retries of 429/5xx come on top, with the SDK's backoff. */
  timeoutMs: number;
  maxRetries: number;
}

export interface ProviderContext {
  db: Db;
  /** The shop's own files (server/storage) and any other image URL. */
  files: ShopFileReader;
  appUrl?: string;
  log?: CostLog & { warn(obj: unknown, msg?: string): void };
}

const SIZES = { flat_lay: '1024x1024', model: '1024x1536' } as const;

/** Content-policy refusals: `moderation_blocked` (GPT Image's safety system) and the older `content_policy_violation`. */
const POLICY_CODES = new Set(['moderation_blocked', 'content_policy_violation', 'content_filter']);

/** Maps the SDK's errors (its APIError carries the body's `{ error: { message, type, code } }`) to a failure kind. */
export function openaiFailure(error: unknown): ProviderFailure {
  const fail = (kind: ProviderFailureKind, detail: string, status?: number) =>
    new ProviderFailure(kind, 'openai', detail, status);
  if (error instanceof ProviderFailure) return error;
  // By name and words as well: errors crossing realms (jest) fail instanceof.
  const named = error as { name?: string; message?: string; status?: number } | null;
  if (
    error instanceof OpenAI.APIConnectionTimeoutError ||
    named?.name === 'APIConnectionTimeoutError' ||
    (!named?.status && /timed? ?out/i.test(String(named?.message)))
  ) {
    return fail('timeout', String(named?.message));
  }
  if (error instanceof OpenAI.APIError) {
    const detail = `${error.status ?? ''} ${error.code ?? error.type ?? ''}: ${error.message}`.trim();
    const code = String(error.code ?? '');
    if (POLICY_CODES.has(code) || /safety system/i.test(error.message))
      return fail('content_policy', detail, error.status);
    if (error.status === 401 || error.status === 403) return fail('auth', detail, error.status);
    if (error.status === 429) return fail('busy', detail, error.status);
    if (error.status === 413 || /too large|maximum (file )?size/i.test(error.message))
      return fail('oversize', detail, error.status);
    if (error.status === 408 || error.status === 504) return fail('timeout', detail, error.status);
    return fail('unavailable', detail, error.status);
  }
  return fail('unavailable', error instanceof Error ? error.message : String(error));
}

/**
 * OpenAI's image API through the official SDK: the look's product photos go to `images.edit` as
 * input images (multipart), the answer's `b64_json` is the image; then the vision model finds the
 * products in it (structured output with the same box format as Gemini's detection). The SDK
 * retries 429 and 5xx with exponential backoff (honouring retry-after) before a failure is final.
 */
export function createOpenAIProvider(
  options: OpenAIProviderOptions,
  ctx: ProviderContext,
): { generator: PositioningImageGenerator; detector: HotspotDetector } {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
  });

  const detector: HotspotDetector = {
    name: 'openai',
    async detect({ image, products, signal }) {
      if (!products.length) return [];
      try {
        const jpeg = await inputJpeg(image);
        const answer = await client.chat.completions.create(
          {
            model: options.visionModel,
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: openaiDetectPrompt(products) },
                  {
                    type: 'image_url',
                    image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}`, detail: 'high' },
                  },
                ],
              },
            ],
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'product_boxes', strict: true, schema: BOXES_SCHEMA },
            },
          },
          { signal },
        );
        logCost(ctx.log, {
          provider: 'openai',
          model: options.visionModel,
          purpose: 'hotspots',
          inputTokens: answer.usage?.prompt_tokens ?? 0,
          outputTokens: answer.usage?.completion_tokens ?? 0,
        });
        const message = answer.choices[0]?.message;
        if (message?.refusal) throw new ProviderFailure('content_policy', 'openai', message.refusal);
        let parsed: unknown;
        try {
          parsed = JSON.parse(message?.content ?? '');
        } catch {
          throw new ProviderFailure('no_image', 'openai', 'hotspot answer is not JSON');
        }
        return positionsFromBoxes((parsed as { items?: unknown }).items, products);
      } catch (error) {
        throw openaiFailure(error);
      }
    },
  };

  const generator: PositioningImageGenerator = {
    name: 'openai',
    timeoutMs: options.timeoutMs * (options.maxRetries + 1) + 30000,
    async generate(req) {
      const brief = await buildLookBrief(ctx.db, req.shopId, req.look, req, ctx);
      if (!brief.products.length) throw new Error('The look has no product images');
      const photos = await Promise.all(brief.products.map((p) => inputJpeg(p.photo)));
      checkInputSize('openai', photos);
      let made: { jpeg: Buffer; width: number; height: number };
      const started = Date.now();
      try {
        const files = await Promise.all(
          photos.map((p, i) => toFile(p, `product-${i + 1}.jpg`, { type: 'image/jpeg' })),
        );
        const answer = await client.images.edit(
          {
            model: options.imageModel,
            image: files,
            prompt: openaiImagePrompt(brief),
            size: SIZES[req.imageType],
            quality: options.quality,
            output_format: 'jpeg',
            n: 1,
          },
          { signal: req.signal },
        );
        logCost(
          ctx.log,
          {
            provider: 'openai',
            model: options.imageModel,
            purpose: 'image',
            inputTokens: answer.usage?.input_tokens ?? 0,
            outputTokens: answer.usage?.output_tokens ?? 0,
          },
          { generationId: req.generationId, shopId: req.shopId },
        );
        made = await answerJpeg('openai', answer.data?.[0]?.b64_json);
      } catch (error) {
        const failure = openaiFailure(error);
        // A connection dropped at the request timeout is the timeout (the SDK names it so unless the abort crossed realms, as under jest).
        if (
          failure.kind === 'unavailable' &&
          failure.status === undefined &&
          Date.now() - started >= options.timeoutMs
        ) {
          throw new ProviderFailure('timeout', 'openai', failure.detail);
        }
        throw failure;
      }
      const result: GeneratedImage = {
        jpeg: made.jpeg,
        positions: await findPositions(detector, made.jpeg, brief.products, req.signal, ctx),
      };
      return result;
    },
  };
  return { generator, detector };
}
