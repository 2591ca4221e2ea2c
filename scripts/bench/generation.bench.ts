/**
 * Image generation: (1) a local generation (sharp composition) for a look
 * with 5 products, from POST to COMPLETED; (2) stream latency: the time from
 * a job's status change (the generator returning) to the `complete` event
 * arriving at an SSE client over real HTTP. Targets: ≤ 2 s and ≤ 100 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig, DEMO_SHOP_DOMAIN } from '../../server/config';
import { openDatabase } from '../../server/db';
import { buildApp } from '../../server/app';
import { seedDemo } from '../../server/demo';
import { insertLook } from '../../server/test/looks';
import { signSessionToken } from '../../server/auth/sessionToken';
import { createLocalGenerator, type ImageGenerator } from '../../server/services/gallery/generator';
import { shopFilesOf } from '../../server/storage';

export const name = 'image generation (local generator, live stream)';

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function run(): Promise<Record<string, string | number>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-bench-gen-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'none'),
    LOG_LEVEL: 'silent',
    PORT: '0',
  });
  const handle = await openDatabase({});
  await seedDemo(handle.db, config);
  const db = handle.db;
  const shop = await db
    .selectFrom('shops')
    .selectAll()
    .where('domain', '=', DEMO_SHOP_DOMAIN)
    .executeTakeFirstOrThrow();
  await db.insertInto('shopCredits').values({ shopId: shop.id, balance: 1000 }).execute();

  // A look with 5 products (main + 4 related).
  const products = await db
    .selectFrom('catalogProducts')
    .selectAll()
    .where('shopId', '=', shop.id)
    .where('status', '=', 'active')
    .limit(5)
    .execute();
  const [main, ...rest] = products;
  const look = {
    id: await insertLook(db, shop.id, {
      title: 'Five piece look',
      active: false,
      mainProduct: {
        itemId: main.gid,
        title: main.title,
        image: main.images[0],
        selectedMainImage: main.images[0],
        productImages: main.images,
      },
      relatedItems: rest.map((p, order) => ({
        itemId: p.gid,
        title: p.title,
        image: p.images[0],
        order,
        type: 'product' as const,
        markerX: 50,
        markerY: 50,
      })),
    }),
  };

  // The real local generator, with a gate the latency run uses to time the status change.
  const local = createLocalGenerator({ files: shopFilesOf(config), allowFailMarker: true });
  let gate: { wait: Promise<void>; open(): void } | null = null;
  let releasedAt = 0;
  const tiny = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const generator: ImageGenerator = {
    name: 'bench',
    async generate(req) {
      if (req.customPrompt === 'latency' && gate) {
        await gate.wait;
        releasedAt = performance.now();
        return tiny;
      }
      return local.generate(req);
    },
  };
  const app = await buildApp({ config, db, gallery: { generator, pollMs: 1000 } }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/admin/api/v1`;
  const token = await signSessionToken(DEMO_SHOP_DOMAIN, config.apiKey, config.apiSecret);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const create = async (imageType: string, customPrompt?: string) => {
    const res = await fetch(`${base}/image-generation`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ productLookId: look.id, imageType, customPrompt }),
    });
    return ((await res.json()) as { imageGenerationId: number }).imageGenerationId;
  };

  /** Reads the SSE stream until `close`; calls onEvent with each event name at arrival time. */
  const stream = async (id: number, onEvent: (event: string, at: number) => void) => {
    const res = await fetch(`${base}/image-generation/${id}/stream`, { headers });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (\w+)$/m.exec(block)?.[1];
        if (event) onEvent(event, performance.now());
        if (event === 'close') {
          await reader.cancel();
          return;
        }
      }
    }
  };

  try {
    // (1) local generation time, POST → complete event (5 products)
    const genTimes: Record<string, number[]> = { flat_lay: [], model: [] };
    for (let i = 0; i < 6; i++) {
      const type = i % 2 ? 'model' : 'flat_lay';
      const t0 = performance.now();
      const id = await create(type);
      let done = 0;
      await stream(id, (event, at) => {
        if (event === 'complete') done = at;
      });
      genTimes[type].push(done - t0);
    }

    // (2) stream latency: status change (generator returns) → `complete` received by the client
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      let open!: () => void;
      gate = { wait: new Promise<void>((r) => (open = r)), open: () => open() };
      const id = await create('flat_lay', 'latency');
      let received = 0;
      await stream(id, (event, at) => {
        if (event === 'status' && gate) {
          const g = gate;
          gate = null;
          setTimeout(() => g.open(), 5);
        }
        if (event === 'complete') received = at;
      });
      latencies.push(received - releasedAt);
    }
    const all = [...genTimes.flat_lay, ...genTimes.model];
    return {
      'local generation flat_lay, 5 products (median)': ms(pct(genTimes.flat_lay, 50)),
      'local generation model, 5 products (median)': ms(pct(genTimes.model, 50)),
      'local generation, max of 6 (target ≤ 2000 ms)': ms(Math.max(...all)),
      'stream: status change → client, p50': ms(pct(latencies, 50)),
      'stream: status change → client, p95': ms(pct(latencies, 95)),
      'stream: status change → client, max (target ≤ 100 ms)': ms(Math.max(...latencies)),
    };
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
