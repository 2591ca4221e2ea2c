import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import { Studio, sleep, triggerIn, type Box2d } from './studio';

/**
 * A local stand-in of OpenAI's API for IMAGE_PROVIDER=openai (OPENAI_BASE_URL=<url>/v1), speaking
 * its wire format as the official SDK does:
 *
 * POST /v1/images/edits — multipart/form-data: `model`, `prompt`, `image[]` files (the look's
 *   product photos), `size` (WIDTHxHEIGHT), `quality`, `output_format`, `n`. Answers
 *   `{ created, data: [{ b64_json }], usage: { input_tokens, output_tokens, … }, size, quality, output_format }`.
 * POST /v1/chat/completions — the hotspot finder: a user message with the prompt and one
 *   `image_url` data URL, `response_format: { type: 'json_schema' }`. Answers a chat completion
 *   whose message content is `{ "items": [{ index, label, box_2d }] }` for a known image.
 *
 * Errors have OpenAI's body `{ error: { message, type, param, code } }`: 401 `invalid_api_key`
 * for any other bearer key, 400 `moderation_blocked`, 429 `rate_limit_exceeded` (with
 * `retry-after-ms`), 413, 500. Triggers: see StandInTrigger.
 */
export class FakeOpenAI {
  readonly studio = new Studio();
  /** Every request: path, model, prompt, number of input images, answered status. */
  readonly requests: Array<{
    path: string;
    model: string;
    prompt: string;
    images: number;
    size?: string;
    status: number;
  }> = [];

  private constructor(
    private readonly app: FastifyInstance,
    readonly url: string,
    readonly apiKey: string,
    readonly options: { slowMs: number },
  ) {}

  static async start(options: { apiKey?: string; slowMs?: number } = {}): Promise<FakeOpenAI> {
    const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
    await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 16 } });
    let fake!: FakeOpenAI;
    app.post('/v1/images/edits', async (req, reply) => fake.edits(req.headers.authorization, req, reply));
    app.post('/v1/chat/completions', async (req, reply) =>
      fake.chat(req.headers.authorization, req.body as ChatBody, reply),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    fake = new FakeOpenAI(app, `http://127.0.0.1:${port}`, options.apiKey ?? 'sk-test-standin', {
      slowMs: options.slowMs ?? 5000,
    });
    return fake;
  }

  close(): Promise<void> {
    return this.app.close();
  }

  private error(
    reply: FastifyReply,
    status: number,
    message: string,
    type: string,
    code: string | null,
    headers: Record<string, string> = {},
  ) {
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    return reply.status(status).send({ error: { message, type, param: null, code } });
  }

  private authorised(header: string | undefined, reply: FastifyReply): boolean {
    if (header === `Bearer ${this.apiKey}`) return true;
    const shown = (header ?? '').replace(/^Bearer /, '').slice(0, 6);
    void this.error(
      reply,
      401,
      `Incorrect API key provided: ${shown}****. You can find your API key at https://platform.openai.com/account/api-keys.`,
      'invalid_request_error',
      'invalid_api_key',
    );
    return false;
  }

  /** Answers a trigger's failure (true when it did). */
  private async failure(prompt: string, reply: FastifyReply, signal: AbortSignal): Promise<boolean> {
    const trigger = triggerIn(prompt);
    if (trigger === 'policy') {
      await this.error(
        reply,
        400,
        'Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.',
        'image_generation_user_error',
        'moderation_blocked',
      );
      return true;
    }
    if (trigger === 'busy' || (trigger === 'busy-once' && this.studio.firstTime(prompt))) {
      await this.error(
        reply,
        429,
        'Rate limit reached for gpt-image in organization org-standin on images per minute (IPM): Limit 5, Used 5, Requested 1.',
        'requests',
        'rate_limit_exceeded',
        { 'retry-after-ms': '20' },
      );
      return true;
    }
    if (trigger === 'oversize') {
      await this.error(
        reply,
        413,
        'Request too large: the uploaded images exceed the maximum size.',
        'invalid_request_error',
        'request_too_large',
      );
      return true;
    }
    if (trigger === 'error') {
      await this.error(
        reply,
        500,
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
        null,
      );
      return true;
    }
    if (trigger === 'slow') await sleep(this.options.slowMs, signal);
    return false;
  }

  private async edits(auth: string | undefined, req: import('fastify').FastifyRequest, reply: FastifyReply) {
    const fields: Record<string, string> = {};
    const images: Buffer[] = [];
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image[]' && part.fieldname !== 'image')
          return this.error(
            reply,
            400,
            `Unexpected file field ${part.fieldname}`,
            'invalid_request_error',
            'unknown_parameter',
          );
        images.push(await part.toBuffer());
      } else fields[part.fieldname] = String(part.value);
    }
    const record = {
      path: '/v1/images/edits',
      model: fields.model ?? '',
      prompt: fields.prompt ?? '',
      images: images.length,
      size: fields.size,
      status: 200,
    };
    this.requests.push(record);
    const done = (r: FastifyReply) => ((record.status = r.statusCode), r);
    if (!this.authorised(auth, reply)) return done(reply);
    if (!fields.prompt)
      return done(
        await this.error(
          reply,
          400,
          "Missing required parameter: 'prompt'.",
          'invalid_request_error',
          'missing_required_parameter',
        ),
      );
    if (!images.length)
      return done(
        await this.error(
          reply,
          400,
          "Missing required parameter: 'image'.",
          'invalid_request_error',
          'missing_required_parameter',
        ),
      );
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    if (await this.failure(fields.prompt, reply, controller.signal)) return done(reply);
    const [width, height] = (fields.size && fields.size !== 'auto' ? fields.size : '1024x1024').split('x').map(Number);
    const png = await this.studio.compose(images, width, height);
    const format = fields.output_format ?? 'png';
    const sharp = (await import('sharp')).default;
    const out =
      format === 'jpeg'
        ? await sharp(png).jpeg({ quality: 90 }).toBuffer()
        : format === 'webp'
          ? await sharp(png).webp().toBuffer()
          : png;
    return reply.send({
      created: Math.floor(Date.now() / 1000),
      background: 'opaque',
      data: [{ b64_json: out.toString('base64') }],
      output_format: format,
      quality: fields.quality ?? 'medium',
      size: `${width}x${height}`,
      usage: {
        input_tokens: 50 + images.length * 323,
        input_tokens_details: { image_tokens: images.length * 323, text_tokens: 50 },
        output_tokens: 1056,
        total_tokens: 50 + images.length * 323 + 1056,
      },
    });
  }

  private async chat(auth: string | undefined, body: ChatBody, reply: FastifyReply) {
    const content = body.messages?.[0]?.content;
    const parts = Array.isArray(content) ? content : [];
    const prompt = parts.find((p) => p.type === 'text')?.text ?? '';
    const image = parts.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
    const record = {
      path: '/v1/chat/completions',
      model: body.model ?? '',
      prompt,
      images: image ? 1 : 0,
      status: 200,
    };
    this.requests.push(record);
    if (!this.authorised(auth, reply)) return ((record.status = 401), reply);
    if (body.response_format?.type !== 'json_schema')
      return this.error(
        reply,
        400,
        'response_format json_schema expected by this stand-in',
        'invalid_request_error',
        null,
      );
    const match = /^data:image\/[a-z]+;base64,(.+)$/.exec(image);
    if (!match)
      return this.error(
        reply,
        400,
        "Invalid 'messages[0].content[1].image_url'. Expected a base64-encoded data URL with an image MIME type.",
        'invalid_request_error',
        'invalid_value',
      );
    const products = prompt.split('\n').filter((l) => /^\d+: /.test(l));
    const boxes: Box2d[] = await this.studio.boxesOf(Buffer.from(match[1], 'base64'));
    const items = boxes
      .slice(0, products.length)
      .map((box_2d, index) => ({ index, label: products[index].replace(/^\d+: /, ''), box_2d }));
    return reply.send({
      id: `chatcmpl-standin-${this.requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: JSON.stringify({ items }), refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 900, completion_tokens: 40 * items.length + 10, total_tokens: 910 + 40 * items.length },
    });
  }
}

interface ChatBody {
  model?: string;
  messages?: Array<{
    role: string;
    content: string | Array<{ type: string; text?: string; image_url?: { url: string } }>;
  }>;
  response_format?: { type: string };
}

/** Boxes in the stand-ins' format for a test image: pixel rectangles of a width × height image. */
export function boxesFromPixels(
  rects: Array<{ left: number; top: number; width: number; height: number }>,
  width: number,
  height: number,
): Box2d[] {
  return rects.map((r) => [
    Math.round((r.top / height) * 1000),
    Math.round((r.left / width) * 1000),
    Math.round(((r.top + r.height) / height) * 1000),
    Math.round(((r.left + r.width) / width) * 1000),
  ]);
}
