// Walks the "done means" of the Shopify app against the local Admin API stand-in, with a real server
// process in APP_MODE=shopify: prints each request and what it answered.
//   npx tsx scripts/shopify-demo.ts
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeShopifyAdmin, makeFakeProducts } from '../server/test/fakeShopifyAdmin';
import { signSessionToken } from '../server/auth/sessionToken';

const KEY = 'demo-key';
const SECRET = 'demo-secret';
const SHOP = 'walkthrough.myshopify.com';
const PORT = 3900 + Math.floor(Math.random() * 90);
const BASE = `http://127.0.0.1:${PORT}`;

async function main() {
  const admin = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
  admin.setProducts(SHOP, makeFakeProducts(7, 'Linen'));
  const server = spawn('npx', ['tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      APP_MODE: 'shopify',
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shopify-demo-')),
      SHOPIFY_API_KEY: KEY,
      SHOPIFY_API_SECRET: SECRET,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SHOPIFY_ADMIN_API_BASE_URL: admin.url,
      APP_URL: BASE,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${BASE}/healthz`)).status < 500) break;
      } catch {
        if (i > 240) throw new Error('the server did not start');
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    const bearer = async () => ({ authorization: `Bearer ${await signSessionToken(SHOP, KEY, SECRET)}` });
    const show = async (label: string, res: Response, body?: string) => {
      const text = body ?? (await res.text());
      console.log(`\n${label}\n  → ${res.status} ${text.replace(/\s+/g, ' ').slice(0, 240)}`);
    };

    await show(
      'GET /admin/api/v1/shop (first request of a new shop)',
      await fetch(`${BASE}/admin/api/v1/shop`, { headers: await bearer() }),
    );
    console.log(`  token exchanges at the stand-in: ${JSON.stringify(admin.exchanges)}`);
    for (let i = 0; i < 40; i++) {
      const sync = (await (await fetch(`${BASE}/admin/api/v1/catalog/sync`, { headers: await bearer() })).json()) as {
        status: string;
      };
      if (sync.status === 'done') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await show(
      'GET /admin/api/v1/catalog/sync',
      await fetch(`${BASE}/admin/api/v1/catalog/sync`, { headers: await bearer() }),
    );
    const products = await fetch(`${BASE}/admin/api/v1/catalog/products?limit=3`, { headers: await bearer() });
    await show('GET /admin/api/v1/catalog/products?limit=3', products);

    const hook = async (topic: string, payload: unknown, secret = SECRET) => {
      const body = JSON.stringify(payload);
      return fetch(`${BASE}/api/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': topic,
          'x-shopify-shop-domain': SHOP,
          'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
          'x-shopify-webhook-id': randomBytes(8).toString('hex'),
          'x-shopify-event-id': randomBytes(8).toString('hex'),
          'x-shopify-api-version': '2026-10',
        },
        body,
      });
    };
    admin.uninstall(SHOP);
    admin.reinstall(SHOP);
    await show(
      'POST /api/webhooks app/uninstalled',
      await hook('app/uninstalled', { id: 1, domain: SHOP, myshopify_domain: SHOP }),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const before = admin.exchanges.length;
    await show(
      'GET /admin/api/v1/shop (after the uninstall and a reinstall)',
      await fetch(`${BASE}/admin/api/v1/shop`, { headers: await bearer() }),
    );
    console.log(`  new token exchanges: ${admin.exchanges.length - before}`);

    const compliance = [
      [
        'customers/data_request',
        {
          shop_id: 1,
          shop_domain: SHOP,
          customer: { id: 5, email: 'a@example.com', phone: null },
          orders_requested: [1001],
          data_request: { id: 9 },
        },
      ],
      [
        'customers/redact',
        {
          shop_id: 1,
          shop_domain: SHOP,
          customer: { id: 5, email: 'a@example.com', phone: null },
          orders_to_redact: [1001],
        },
      ],
      ['shop/redact', { shop_id: 1, shop_domain: SHOP }],
    ] as const;
    for (const [topic, payload] of compliance) {
      await show(`POST /api/webhooks ${topic}`, await hook(topic, payload));
      await show(`POST /api/webhooks ${topic} (wrong HMAC)`, await hook(topic, payload, 'not-the-secret'));
    }
    const html = await fetch(`${BASE}/?shop=${SHOP}&embedded=1&id_token=${await signSessionToken(SHOP, KEY, SECRET)}`);
    await show(
      'GET /?shop=…&embedded=1&id_token=… (embedded HTML; 404 until `npm run build` made dist/, the header is sent either way)',
      html,
      `content-security-policy: ${html.headers.get('content-security-policy')}`,
    );
  } finally {
    server.kill('SIGTERM');
    await admin.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
