import { ApiError, GoogleGenAI, type GenerateContentResponse, type Part } from '@google/genai';
import type { GeneratedImage, PositioningImageGenerator } from '../generator';
import { logCost } from './cost';
import { findPositions, positionsFromBoxes, type HotspotDetector } from './detection';
import { ProviderFailure, type ProviderFailureKind } from './failure';
import { geminiDetectPrompt, geminiImagePrompt } from './geminiPrompts';
import { answerJpeg, checkInputSize, inputJpeg } from './imageBytes';
import { buildLookBrief } from './lookBrief';
import type { ProviderContext } from './openai';

export interface GeminiProviderOptions {
  apiKey: string;
  /** GEMINI_BASE_URL: the local stand-in or a proxy (default: the SDK's generativelanguage.googleapis.com). */
  baseUrl?: string;
  imageModel: string;
  visionModel: string;
  /** Per attempt (the SDK's httpOptions.timeout). */
  timeoutMs: number;
  /** Attempts of a request answered 408/429/5xx (the SDK's retryOptions: exponential backoff with jitter). */
  attempts: number;
  /** First backoff delay, seconds. */
  initialDelay: number;
}

const ASPECT = { flat_lay: '1:1', model: '3:4' } as const;

/** Finish reasons and prompt block reasons that mean the safety system refused (names as in the SDK's enums). */
const REFUSED = new Set([
  'SAFETY',
  'IMAGE_SAFETY',
  'PROHIBITED_CONTENT',
  'IMAGE_PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'RECITATION',
  'OTHER',
  'MODEL_ARMOR',
  'JAILBREAK',
]);

/** The `{ error: { code, message, status } }` body the SDK's ApiError carries as its message. */
function errorBody(error: ApiError): { message: string; status: string } {
  try {
    const body = JSON.parse(error.message) as { error?: { message?: string; status?: string } };
    return { message: body.error?.message ?? error.message, status: body.error?.status ?? '' };
  } catch {
    return { message: error.message, status: '' };
  }
}

/** Maps the SDK's errors to a failure kind (`signal`: the job's own, to tell its abort from the SDK's timeout). */
export function geminiFailure(error: unknown, signal?: AbortSignal): ProviderFailure {
  const fail = (kind: ProviderFailureKind, detail: string, status?: number) =>
    new ProviderFailure(kind, 'gemini', detail, status);
  if (error instanceof ProviderFailure) return error;
  // By name as well: a second copy of the SDK (jest's CJS, a bundler) has its own ApiError class.
  if (
    error instanceof ApiError ||
    (error instanceof Error && error.name === 'ApiError' && typeof (error as unknown as ApiError).status === 'number')
  ) {
    const apiError = error as ApiError;
    const body = errorBody(apiError);
    const detail = `${apiError.status} ${body.status}: ${body.message}`;
    // An invalid key is a 400 INVALID_ARGUMENT "API key not valid" (reason API_KEY_INVALID) on the Gemini API.
    if (
      apiError.status === 401 ||
      apiError.status === 403 ||
      /API[_ ]KEY[_ ]INVALID|API key not valid|API key expired/i.test(body.message)
    )
      return fail('auth', detail, apiError.status);
    if (apiError.status === 429 || body.status === 'RESOURCE_EXHAUSTED') return fail('busy', detail, apiError.status);
    if (apiError.status === 413 || /exceeds the maximum|too large|payload size/i.test(body.message))
      return fail('oversize', detail, apiError.status);
    if (apiError.status === 408 || apiError.status === 504 || body.status === 'DEADLINE_EXCEEDED')
      return fail('timeout', detail, apiError.status);
    if (/safety|blocked/i.test(body.message)) return fail('content_policy', detail, apiError.status);
    return fail('unavailable', detail, apiError.status);
  }
  // The SDK aborts an attempt at its timeout with a plain abort; the job's own abort is not a timeout.
  // By name: the abort is a DOMException, which is no `Error` in every realm (jest's).
  const named = error as { name?: string; message?: string } | null;
  if (
    !signal?.aborted &&
    (named?.name === 'AbortError' ||
      named?.name === 'TimeoutError' ||
      /aborted|timed? ?out/i.test(String(named?.message ?? error)))
  ) {
    return fail('timeout', String(named?.message ?? error));
  }
  return fail('unavailable', error instanceof Error ? error.message : String(error));
}

/** A refusal in a 200 answer: `promptFeedback.blockReason`, or the candidate's finishReason. */
function refusal(answer: GenerateContentResponse): string | null {
  const blocked = answer.promptFeedback?.blockReason;
  if (blocked) return `prompt blocked: ${blocked}`;
  const finish = answer.candidates?.[0]?.finishReason;
  if (finish && REFUSED.has(finish)) return `finish reason ${finish}`;
  return null;
}

function usage(answer: GenerateContentResponse) {
  return {
    inputTokens: answer.usageMetadata?.promptTokenCount ?? 0,
    outputTokens: answer.usageMetadata?.candidatesTokenCount ?? 0,
  };
}

/**
 * Gemini image generation through the official SDK: `generateContent` on an image model with
 * `responseModalities: [TEXT, IMAGE]`, the product photos as inline base64 parts, the image from
 * the answer's `inlineData` part. Then Gemini's object detection (structured JSON, `box_2d`
 * normalised to 0–1000) finds the products in it. The SDK retries 408/429/5xx with backoff.
 */
export function createGeminiProvider(
  options: GeminiProviderOptions,
  ctx: ProviderContext,
): { generator: PositioningImageGenerator; detector: HotspotDetector } {
  const ai = new GoogleGenAI({
    apiKey: options.apiKey,
    httpOptions: {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      timeout: options.timeoutMs,
      retryOptions: { attempts: options.attempts, initialDelay: options.initialDelay, maxDelay: 30 },
      // The process's own fetch, so a test's stand-in and the app share one HTTP stack.
      fetch: (input, init) => fetch(input, init),
    },
  });

  const detector: HotspotDetector = {
    name: 'gemini',
    async detect({ image, products, signal }) {
      if (!products.length) return [];
      try {
        const jpeg = await inputJpeg(image);
        const answer = await ai.models.generateContent({
          model: options.visionModel,
          contents: [
            {
              role: 'user',
              parts: [
                { inlineData: { mimeType: 'image/jpeg', data: jpeg.toString('base64') } },
                { text: geminiDetectPrompt(products) },
              ],
            },
          ],
          config: {
            abortSignal: signal,
            temperature: 0.2,
            responseMimeType: 'application/json',
            responseJsonSchema: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  index: { type: 'integer' },
                  label: { type: 'string' },
                  box_2d: { type: 'array', items: { type: 'integer' } },
                },
                required: ['index', 'box_2d'],
              },
            },
          },
        });
        logCost(ctx.log, { provider: 'gemini', model: options.visionModel, purpose: 'hotspots', ...usage(answer) });
        const refused = refusal(answer);
        if (refused) throw new ProviderFailure('content_policy', 'gemini', refused);
        let parsed: unknown;
        try {
          parsed = JSON.parse(answer.text ?? '');
        } catch {
          throw new ProviderFailure('no_image', 'gemini', 'hotspot answer is not JSON');
        }
        return positionsFromBoxes(Array.isArray(parsed) ? parsed : (parsed as { items?: unknown })?.items, products);
      } catch (error) {
        throw geminiFailure(error, signal);
      }
    },
  };

  const generator: PositioningImageGenerator = {
    name: 'gemini',
    timeoutMs: options.timeoutMs * options.attempts + 30000,
    async generate(req) {
      const brief = await buildLookBrief(ctx.db, req.shopId, req.look, req, ctx);
      if (!brief.products.length) throw new Error('The look has no product images');
      const photos = await Promise.all(brief.products.map((p) => inputJpeg(p.photo)));
      checkInputSize('gemini', photos);
      const prompt = geminiImagePrompt(brief);
      const parts: Part[] = [{ text: prompt.intro }];
      photos.forEach((photo, i) =>
        parts.push(
          { text: prompt.perProduct[i] },
          { inlineData: { mimeType: 'image/jpeg', data: photo.toString('base64') } },
        ),
      );
      parts.push({ text: prompt.closing });
      let made: { jpeg: Buffer; width: number; height: number };
      try {
        const answer = await ai.models.generateContent({
          model: options.imageModel,
          contents: [{ role: 'user', parts }],
          config: {
            abortSignal: req.signal,
            responseModalities: ['TEXT', 'IMAGE'],
            imageConfig: { aspectRatio: ASPECT[req.imageType] },
          },
        });
        logCost(
          ctx.log,
          { provider: 'gemini', model: options.imageModel, purpose: 'image', ...usage(answer) },
          { generationId: req.generationId, shopId: req.shopId },
        );
        const refused = refusal(answer);
        if (refused) throw new ProviderFailure('content_policy', 'gemini', refused);
        const image = answer.candidates?.[0]?.content?.parts?.find(
          (p) => p.inlineData?.data && p.inlineData.mimeType?.startsWith('image/'),
        );
        made = await answerJpeg('gemini', image?.inlineData?.data);
      } catch (error) {
        throw geminiFailure(error, req.signal);
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
