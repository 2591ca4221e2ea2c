import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { Studio, sleep, triggerIn } from './studio';

/**
 * A local stand-in of the Gemini API for IMAGE_PROVIDER=gemini (GEMINI_BASE_URL=<url>), speaking
 * its wire format as the official SDK does: POST /v1beta/models/{model}:generateContent with the
 * key in `x-goog-api-key`, JSON `{ contents: [{ role, parts: [{ text } | { inlineData: { mimeType,
 * data } }] }], generationConfig }`.
 *
 * - Image generation (`generationConfig.responseModalities` includes IMAGE): the inline photos laid
 *   out on a grid of the asked `imageConfig.aspectRatio`, answered as a candidate with a text part
 *   and an `inlineData` PNG part (base64), finishReason STOP, `usageMetadata`.
 * - Object detection (`responseMimeType: application/json`): the text part is the JSON list
 *   `[{ "box_2d": [ymin, xmin, ymax, xmax], "label", "index" }]` (0–1000) for a known image.
 *
 * Errors have Google's body `{ error: { code, message, status, details } }`: a wrong key is 400
 * INVALID_ARGUMENT with reason API_KEY_INVALID (as the real API answers), 429 RESOURCE_EXHAUSTED,
 * 413, 500 INTERNAL; a safety refusal is a 200 with `promptFeedback.blockReason` (policy). Triggers:
 * see StandInTrigger.
 */
export class FakeGemini {
  readonly studio = new Studio();
  readonly requests: Array<{
    model: string;
    kind: 'image' | 'detect';
    prompt: string;
    images: number;
    status: number;
  }> = [];

  private constructor(
    private readonly app: FastifyInstance,
    readonly url: string,
    readonly apiKey: string,
    readonly options: { slowMs: number },
  ) {}

  static async start(options: { apiKey?: string; slowMs?: number } = {}): Promise<FakeGemini> {
    const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
    let fake!: FakeGemini;
    app.post('/:version/models/:call', async (req, reply) => {
      const { call } = req.params as { call: string };
      const [model, method] = call.split(':');
      if (method !== 'generateContent')
        return fake.error(reply, 404, `Method ${method} not found in this stand-in.`, 'NOT_FOUND');
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      return fake.generateContent(
        String(req.headers['x-goog-api-key'] ?? ''),
        model,
        req.body as GeminiBody,
        reply,
        controller.signal,
      );
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    fake = new FakeGemini(app, `http://127.0.0.1:${port}`, options.apiKey ?? 'gemini-test-standin', {
      slowMs: options.slowMs ?? 5000,
    });
    return fake;
  }

  close(): Promise<void> {
    return this.app.close();
  }

  private error(reply: FastifyReply, code: number, message: string, status: string, details: unknown[] = []) {
    return reply.status(code).send({ error: { code, message, status, details } });
  }

  private async generateContent(
    key: string,
    model: string,
    body: GeminiBody,
    reply: FastifyReply,
    signal: AbortSignal,
  ) {
    const parts = body.contents?.flatMap((c) => c.parts ?? []) ?? [];
    const prompt = parts.map((p) => p.text ?? '').join('\n');
    const images = parts
      .map((p) => p.inlineData ?? p.inline_data)
      .filter((d): d is { mimeType?: string; data: string } => !!d?.data);
    const config = body.generationConfig ?? {};
    const kind: 'image' | 'detect' = (config.responseModalities ?? []).includes('IMAGE') ? 'image' : 'detect';
    const record = { model, kind, prompt, images: images.length, status: 200 };
    this.requests.push(record);
    const fail = (code: number, message: string, status: string, details: unknown[] = []) => (
      (record.status = code),
      this.error(reply, code, message, status, details)
    );
    if (key !== this.apiKey) {
      return fail(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ]);
    }
    const trigger = triggerIn(prompt);
    if (trigger === 'policy') {
      return reply.send({
        promptFeedback: {
          blockReason: 'SAFETY',
          safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }],
        },
        usageMetadata: { promptTokenCount: 800, totalTokenCount: 800 },
        modelVersion: model,
      });
    }
    if (trigger === 'busy' || (trigger === 'busy-once' && this.studio.firstTime(prompt))) {
      return fail(429, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED');
    }
    if (trigger === 'oversize')
      return fail(413, 'Request payload size exceeds the limit: 20971520 bytes.', 'INVALID_ARGUMENT');
    if (trigger === 'error')
      return fail(
        500,
        'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
        'INTERNAL',
      );
    if (trigger === 'slow') await sleep(this.options.slowMs, signal);
    if (kind === 'detect') {
      if (config.responseMimeType !== 'application/json')
        return fail(400, 'This stand-in answers detection as JSON only.', 'INVALID_ARGUMENT');
      if (!images.length) return fail(400, 'No image to detect objects in.', 'INVALID_ARGUMENT');
      const labels = prompt.split('\n').filter((l) => /^\d+: /.test(l));
      const boxes = await this.studio.boxesOf(Buffer.from(images[0].data, 'base64'));
      const list = boxes
        .slice(0, labels.length)
        .map((box_2d, index) => ({ box_2d, label: labels[index].replace(/^\d+: /, ''), index }));
      return reply.send(candidate([{ text: JSON.stringify(list) }], model, 1100, 30 * list.length + 5));
    }
    if (!images.length)
      return fail(400, 'This stand-in composes the inline images; none were sent.', 'INVALID_ARGUMENT');
    const [w, h] = (config.imageConfig?.aspectRatio ?? '1:1').split(':').map(Number);
    const width = 1024;
    const height = Math.round((1024 * h) / w / 16) * 16;
    const png = await this.studio.compose(
      images.map((i) => Buffer.from(i.data, 'base64')),
      width,
      height,
    );
    return reply.send(
      candidate(
        [
          { text: 'Here is the flat lay of the products.' },
          { inlineData: { mimeType: 'image/png', data: png.toString('base64') } },
        ],
        model,
        258 * images.length + 60,
        1290,
      ),
    );
  }
}

function candidate(parts: unknown[], model: string, promptTokens: number, outputTokens: number) {
  return {
    candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: promptTokens,
      candidatesTokenCount: outputTokens,
      totalTokenCount: promptTokens + outputTokens,
    },
    modelVersion: model,
    responseId: `standin-${Date.now()}`,
  };
}

interface GeminiPart {
  text?: string;
  inlineData?: { mimeType?: string; data: string };
  inline_data?: { mimeType?: string; data: string };
}
interface GeminiBody {
  contents?: Array<{ role?: string; parts?: GeminiPart[] }>;
  generationConfig?: {
    responseModalities?: string[];
    responseMimeType?: string;
    imageConfig?: { aspectRatio?: string };
  };
}
