import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Db } from '../../server/db';
import { signSessionToken } from '../../server/auth/sessionToken';
import { insertLook, lookFormBody } from '../../server/test/looks';
import { signal, type AppProcess } from './instances';

export interface Cluster {
  apps: AppProcess[];
  proxyUrl: string;
  db: Db;
  s3: S3Client;
  bucket: string;
  apiKey: string;
  apiSecret: string;
  /** FILES_PUBLIC_URL of the instances. */
  filesPublicUrl: string;
}

export interface Check<T> {
  value: T;
  ok: boolean;
  /** Why it failed, precise enough to act on. */
  failure?: string;
}

const API = '/admin/api/v1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms: number,
): Promise<{ value: T; timedOut: boolean }> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > end) return { value, timedOut: true };
    await sleep(250);
    value = await read();
  }
  return { value, timedOut: false };
}

/** Answers a client tries again after, as the platform redelivers a webhook: the balancer's or an overloaded instance's. */
const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

/**
 * fetch, tried again (up to `attempts`, backing off 0.25 s, 0.5 s, … 4 s) after a network failure
 * ("fetch failed": a reset or refused connection on a machine under load) or an answer of
 * RETRIED_STATUSES, as real clients do: the platform redelivers a webhook until it is answered 200,
 * and a browser's request is repeated. Only for requests that are safe to repeat (GETs, and webhook
 * deliveries, which the app de-duplicates by event id: the very property the webhook check counts).
 * Hand-written: six lines, and the retrying packages in node_modules are not dependencies of the app.
 */
export async function fetchRetrying(
  url: string,
  init: () => RequestInit = () => ({}),
  attempts = 6,
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(60_000), ...init() });
      if (last || !RETRIED_STATUSES.has(res.status)) return res;
      await res.arrayBuffer().catch(() => undefined);
    } catch (error) {
      if (last) throw error;
    }
    await sleep(Math.min(4000, 250 * 2 ** (attempt - 1)));
  }
}

export function client(c: Cluster, shop: string) {
  const bearer = async () => ({ authorization: `Bearer ${await signSessionToken(shop, c.apiKey, c.apiSecret)}` });
  return {
    /** One request (a GET, PUT, PATCH or DELETE is tried again like a browser's: fetchRetrying; a POST once). */
    async call(base: string, method: string, route: string, body?: unknown) {
      const headers = { ...(await bearer()), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const res = await fetchRetrying(
        `${base}${route}`,
        () => ({ method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
        method === 'POST' ? 1 : 6,
      );
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: res.status, json: json as Record<string, unknown> };
    },
    bearer,
  };
}

/** The merchant's switches for the gallery (the admin's settings page sets them). */
export async function enableGeneration(db: Db, domain: string): Promise<void> {
  await db
    .updateTable('shops')
    .set({ aiImageGenerationEnabled: true, imageGalleryEnabled: true })
    .where('domain', '=', domain)
    .execute();
}

export async function shopId(db: Db, domain: string): Promise<number | undefined> {
  return (await db.selectFrom('shops').select('id').where('domain', '=', domain).executeTakeFirst())?.id;
}

/** Uploads a look image through one instance; its URL (or the answer when it failed). */
export async function uploadImage(
  c: Cluster,
  shop: string,
  app: AppProcess,
): Promise<{ url?: string; png: Buffer; failure?: string }> {
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'scale.png');
  const res = await fetch(`${app.url}${API}/productLooks/media`, {
    method: 'POST',
    headers: await client(c, shop).bearer(),
    body: form,
  });
  if (res.status !== 200)
    return { png, failure: `upload through ${app.name} answered ${res.status}: ${await res.text()}` };
  return { png, url: ((await res.json()) as { url: string }).url };
}

/** A look whose main product image is an upload (what the generator composes from). */
async function lookWithImage(c: Cluster, shop: string, shopIdValue: number, title: string): Promise<number> {
  const { url } = await uploadImage(c, shop, c.apps[0]);
  return insertLook(c.db, shopIdValue, { title, mainProduct: { image: url ?? '', productImages: url ? [url] : [] } });
}

/**
 * An image uploaded through one instance is served by every instance, the same bytes, and at its
 * public URL (FILES_PUBLIC_URL: the bucket itself here), where storefronts load it. The upload is
 * re-encoded (rotated, metadata stripped), so the bytes are compared with what the bucket holds and
 * the picture with what was sent.
 */
export async function uploadsServedEverywhere(c: Cluster, shop: string): Promise<Check<boolean>> {
  const [a, ...others] = c.apps;
  const { url, png, failure } = await uploadImage(c, shop, a);
  if (!url) return { value: false, ok: false, failure };
  const failures: string[] = [];
  const { pathname } = new URL(url);
  const key = pathname.replace(/^\/files\//, '');
  const publicUrl = `${c.filesPublicUrl}/${key}`;
  const stored = await fetchRetrying(publicUrl);
  const bytes = Buffer.from(await stored.arrayBuffer());
  if (stored.status !== 200) failures.push(`the public URL ${publicUrl} answered ${stored.status}`);
  else {
    const [sent, got] = await Promise.all([sharp(png).metadata(), sharp(bytes).metadata()]);
    if (sent.width !== got.width || sent.height !== got.height)
      failures.push(`the public URL holds a ${got.width}×${got.height} image, ${sent.width}×${sent.height} was sent`);
  }
  for (const app of [a, ...others]) {
    const on = await fetchRetrying(`${app.url}${pathname}`);
    const body = Buffer.from(await on.arrayBuffer());
    if (on.status !== 200 || Buffer.compare(body, bytes) !== 0)
      failures.push(
        `${app.name} answered ${on.status}${on.status === 200 ? ' with other bytes than the bucket' : ''} for ${pathname}`,
      );
  }
  const proxied = await fetchRetrying(url);
  if (proxied.status !== 200) failures.push(`${url} (through the balancer) answered ${proxied.status}`);
  if (!failures.length) return { value: true, ok: true };
  return { value: false, ok: false, failure: `uploaded through ${a.name} as ${url}; ${failures.join('; ')}` };
}

/** A generation's status streams to clients on every instance, whichever instance's worker runs it. */
export async function sseAcrossInstances(
  c: Cluster,
  shop: string,
): Promise<Check<boolean> & { generationId?: number; worker?: string }> {
  const id = await shopId(c.db, shop);
  if (!id) return { value: false, ok: false, failure: `shop ${shop} not installed` };
  const api = client(c, shop);
  await api.call(c.proxyUrl, 'POST', `${API}/credits/claim-free`);
  const lookId = await lookWithImage(c, shop, id, 'Scale look');
  const created = await api.call(c.apps[0].url, 'POST', `${API}/image-generation`, {
    productLookId: lookId,
    imageType: 'flat_lay',
  });
  if (created.status !== 201)
    return {
      value: false,
      ok: false,
      failure: `POST image-generation answered ${created.status}: ${JSON.stringify(created.json)}`,
    };
  const generationId = Number(created.json.imageGenerationId);
  const streams = await Promise.all(
    c.apps.map((app) => readStream(app.url, `${API}/image-generation/${generationId}/stream`, api.bearer, 120_000)),
  );
  const row = await c.db
    .selectFrom('imageGenerations')
    .select(['status', 'workerId'])
    .where('id', '=', generationId)
    .executeTakeFirst();
  const failures = streams
    .map((events, i) => (events.includes('complete') ? '' : `${c.apps[i].name}'s stream got [${events.join(', ')}]`))
    .filter(Boolean);
  if (row?.status === 'FAILED') {
    failures.push(
      `the generation failed on its worker (the generator reads the look's uploaded image from its own DATA_DIR/files: needs the storage branch)`,
    );
  }
  return {
    value: !failures.length,
    ok: !failures.length,
    generationId,
    worker: row?.workerId ?? undefined,
    failure: failures.length
      ? `generation ${generationId} (status ${row?.status}, worker ${row?.workerId}): ${failures.join('; ')}`
      : undefined,
  };
}

/**
 * The event names of an SSE stream until `close` (or the timeout). A connection that fails or ends
 * without `close` is opened again, as EventSource does (the stream starts with the generation's
 * current state); the failure is kept in the events, in parentheses.
 */
async function readStream(
  base: string,
  route: string,
  bearer: () => Promise<Record<string, string>>,
  ms: number,
): Promise<string[]> {
  const events: string[] = [];
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !events.includes('close')) {
    try {
      const res = await fetch(`${base}${route}`, {
        headers: { ...(await bearer()), accept: 'text/event-stream' },
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      if (!res.body) return [...events, `http ${res.status}`];
      const decoder = new TextDecoder();
      const reader = res.body.getReader();
      let buffer = '';
      for (;;) {
        const { value: chunk, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(chunk, { stream: true });
        for (const m of buffer.matchAll(/^event: (\w+)$/gm)) events.push(m[1]);
        buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
        if (events.includes('close')) {
          await reader.cancel();
          break;
        }
      }
    } catch (error) {
      events.push(`(${(error as Error).name})`);
      if ((error as Error).name === 'TimeoutError') break;
    }
    if (!events.includes('close')) await sleep(500);
  }
  return events;
}

/**
 * 500 events, 100 of them delivered a second time (a platform redelivery), round-robin through the
 * proxy: each event processed exactly once. `sent` counts events, as the platform does.
 */
export async function webhooksExactlyOnce(
  c: Cluster,
  shop: string,
  unique = 500,
  again = 100,
): Promise<Check<{ sent: number; processed: number; duplicates: number }>> {
  const id = await shopId(c.db, shop);
  const events = Array.from({ length: unique }, (_, i) => ({
    webhookId: `scale-wh-${i}-${randomBytes(4).toString('hex')}`,
    eventId: `scale-ev-${i}-${randomBytes(4).toString('hex')}`,
  }));
  const deliveries = [...events, ...events.slice(0, again)];
  const send = async (e: { webhookId: string; eventId: string }) => {
    const body = JSON.stringify({
      id: 1,
      current: ['read_products', 'write_products'],
      previous: ['read_products'],
      updated_at: new Date().toISOString(),
    });
    // Delivered again until answered 200, as the platform does (each try is a redelivery of the event).
    const res = await fetchRetrying(`${c.proxyUrl}/api/webhooks`, () => ({
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'app/scopes_update',
        'x-shopify-shop-domain': shop,
        'x-shopify-hmac-sha256': createHmac('sha256', c.apiSecret).update(body).digest('base64'),
        'x-shopify-webhook-id': e.webhookId,
        'x-shopify-event-id': e.eventId,
        'x-shopify-api-version': '2026-10',
        'x-shopify-triggered-at': new Date().toISOString(),
      },
      body,
    }));
    return res.status;
  };
  const statuses: number[] = [];
  for (let i = 0; i < deliveries.length; i += 25)
    statuses.push(...(await Promise.all(deliveries.slice(i, i + 25).map(send))));
  const refused = statuses.filter((s) => s !== 200).length;
  const ids = events.map((e) => e.eventId);
  const read = async () =>
    c.db
      .selectFrom('webhookDeliveries')
      .select(['eventId', 'status'])
      .where('shopId', '=', id ?? -1)
      .where('eventId', 'in', ids)
      .execute();
  const { value: rows } = await until(
    'webhooks processed',
    read,
    (r) => r.filter((x) => x.status === 'processed').length >= unique,
    180_000,
  );
  const processed = new Set(rows.filter((r) => r.status === 'processed').map((r) => r.eventId)).size;
  const duplicates = rows.length - new Set(rows.map((r) => r.eventId)).size;
  const ok = processed === unique && duplicates === 0 && refused === 0;
  return {
    value: { sent: unique, processed, duplicates },
    ok,
    failure: ok
      ? undefined
      : `${deliveries.length} sent (${refused} not answered 200), ${processed} of ${unique} events processed, ${duplicates} duplicate rows; unfinished: ${JSON.stringify(countBy(rows.map((r) => r.status)))}`,
  };
}

const countBy = (xs: string[]) =>
  xs.reduce<Record<string, number>>((acc, x) => ({ ...acc, [x]: (acc[x] ?? 0) + 1 }), {});

export interface KillResult {
  generation: string;
  sync: string;
  metafields: string;
  chargedTwice: number;
  lost: number;
  /** Seconds from the SIGKILL until each finished on a survivor (null: not within the budget). */
  finishedAfter?: { generation: number | null; sync: number | null; metafields: number | null };
  /** What the victim was running when it was killed (the others were paused until then: only it could). */
  runningOnVictim?: { sync: string; generation: string };
}

/**
 * SIGKILL one instance in the middle of a generation, a catalog sync and a burst of metafield
 * writes; each must finish on a survivor, no credit may be charged twice.
 */
export async function killMidWork(
  c: Cluster,
  shop: string,
  victim: AppProcess,
  budgetMs: number,
): Promise<Check<KillResult>> {
  const id = await shopId(c.db, shop);
  if (!id)
    return {
      value: { generation: 'not started', sync: 'not started', metafields: 'not started', chargedTwice: 0, lost: 3 },
      ok: false,
      failure: `shop ${shop} not installed`,
    };
  const api = client(c, shop);
  // The other instances are paused (SIGSTOP) until the kill, so the jobs below can only start on the
  // victim: the kill then really interrupts them, and a survivor has to take each over.
  const others = c.apps.filter((a) => a !== victim && a.alive());
  for (const other of others) signal(other, 'SIGSTOP');
  // A catalog sync started through the victim (the shop's products are many and paced by the cost limit).
  const sync = await api.call(victim.url, 'POST', `${API}/catalog/sync`);
  // A burst of look changes (each marks storefront metafields to write), through the victim.
  const burstLook = await insertLook(c.db, id, { title: 'Burst' });
  let saved = 0;
  for (let i = 0; i < 20; i++) {
    const res = await api.call(
      victim.url,
      'PATCH',
      `${API}/productLooks/${burstLook}`,
      lookFormBody({ active: true, title: `Burst ${i}` }),
    );
    if (res.status === 200) saved += 1;
  }
  // A generation started through the victim.
  await api.call(victim.url, 'POST', `${API}/credits/claim-free`);
  const lookId = await lookWithImage(c, shop, id, 'Killed look');
  const created = await api.call(victim.url, 'POST', `${API}/image-generation`, {
    productLookId: lookId,
    imageType: 'model',
  });
  if (created.status !== 201) signal(victim, 'SIGKILL');
  const generationId = created.status === 201 ? Number(created.json.imageGenerationId) : -1;
  // Opening the stream starts it; read a moment, then kill the victim.
  void readStream(victim.url, `${API}/image-generation/${generationId}/stream`, api.bearer, 2000);
  // Until the sync has written a page (it runs on the victim, the only instance not paused), bounded.
  const syncWrote = async () =>
    Number(
      (await c.db.selectFrom('catalogSyncs').select('synced').where('shopId', '=', id).executeTakeFirst())?.synced ?? 0,
    ) > 0;
  for (let waited = 0; waited < 60_000 && !(await syncWrote()); waited += 250) await sleep(250);
  await sleep(300);
  const before = {
    sync: `${await c.db
      .selectFrom('catalogSyncs')
      .select(['status', 'synced', 'total'])
      .where('shopId', '=', id)
      .executeTakeFirst()
      .then((r) => (r ? `${r.status} ${r.synced}/${r.total ?? '?'}` : 'missing'))}`,
    generation:
      (await c.db.selectFrom('imageGenerations').select('status').where('id', '=', generationId).executeTakeFirst())
        ?.status ?? 'missing',
  };
  signal(victim, 'SIGKILL');
  const killedAt = Date.now();
  for (const other of others) signal(other, 'SIGCONT');
  const finishedAfter: NonNullable<KillResult['finishedAfter']> = { generation: null, sync: null, metafields: null };
  const mark = (what: keyof typeof finishedAfter, done: boolean) => {
    if (done && finishedAfter[what] === null) finishedAfter[what] = Math.round((Date.now() - killedAt) / 100) / 10;
  };

  const state = async () => {
    const generation = await c.db
      .selectFrom('imageGenerations')
      .select(['status'])
      .where('id', '=', generationId)
      .executeTakeFirst();
    const syncRow = await c.db
      .selectFrom('catalogSyncs')
      .select(['status', 'synced', 'total', 'updatedAt'])
      .where('shopId', '=', id)
      .orderBy('startedAt', 'desc')
      .executeTakeFirst();
    const pending = await c.db
      .selectFrom('storefrontChanges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shopId', '=', id)
      .executeTakeFirst();
    const value = {
      generation: generation?.status ?? 'missing',
      sync: syncRow?.status ?? 'missing',
      /** How far the sync got, and when it last wrote (a stalled hand-over is told from a slow one). */
      syncProgress: syncRow
        ? `${syncRow.synced}/${syncRow.total ?? '?'} products, last written ${Math.round((Date.now() - new Date(syncRow.updatedAt).getTime()) / 1000)} s ago`
        : '',
      pending: Number(pending?.n ?? 0),
    };
    mark('generation', value.generation === 'COMPLETED');
    mark('sync', value.sync === 'done');
    mark('metafields', value.pending === 0);
    return value;
  };
  const { value } = await until(
    'work to finish on the survivors',
    state,
    (s) => s.generation === 'COMPLETED' && s.sync === 'done' && s.pending === 0,
    budgetMs,
  );
  // Debits of the generation's runs (reference `<id>:<run>`): one run, one debit, however many tries.
  const charges = await sql<{
    n: number;
  }>`select count(*)::int as n from credit_ledger where shop_id = ${id} and reason = 'generation' and reference like ${`${generationId}:%`}`.execute(
    c.db,
  );
  const chargedTwice = Math.max(0, (charges.rows[0]?.n ?? 0) - 1);
  const result: KillResult = {
    generation: value.generation === 'COMPLETED' ? 'finished' : value.generation.toLowerCase(),
    sync:
      value.sync === 'done' ? 'finished' : `${value.sync} (sync start answered ${sync.status}; ${value.syncProgress})`,
    metafields: value.pending === 0 ? 'finished' : `${value.pending} pending`,
    chargedTwice,
    finishedAfter,
    runningOnVictim: before,
    lost: (value.generation === 'COMPLETED' ? 0 : 1) + (value.sync === 'done' ? 0 : 1) + value.pending,
  };
  const ok = result.lost === 0 && chargedTwice === 0 && saved === 20;
  return {
    value: result,
    ok,
    failure: ok
      ? undefined
      : `after SIGKILL of ${victim.name} and ${Math.round(budgetMs / 1000)} s: generation ${generationId} ${value.generation}, catalog sync ${value.sync} (${value.syncProgress}), ${value.pending} metafield writes pending, ${saved}/20 look changes saved, ${chargedTwice} double charges` +
        " (generations and catalog syncs resume through pg-boss heartbeats, ~10-30 s; metafield writes are the outbox's)",
  };
}

/** shop/redact: no row of the shop in any table that has shop_id, no object of it in the bucket or on disk. */
export async function redactLeavesNothing(c: Cluster, shop: string): Promise<Check<{ rows: number; objects: number }>> {
  const api = client(c, shop);
  await api.call(c.proxyUrl, 'GET', `${API}/shop`);
  const id = await shopId(c.db, shop);
  if (!id) return { value: { rows: -1, objects: -1 }, ok: false, failure: `shop ${shop} not installed` };
  const before = await objectsEverywhere(c);
  const uploaded = await uploadsServedEverywhere(c, shop).catch(() => undefined);
  await insertLook(c.db, id, { title: 'To be redacted' });
  const theirs = [...(await objectsEverywhere(c))].filter((k) => !before.has(k));
  const body = JSON.stringify({ shop_id: id, shop_domain: shop });
  const redactId = {
    webhook: `redact-${randomBytes(4).toString('hex')}`,
    event: `redact-${randomBytes(4).toString('hex')}`,
  };
  const res = await fetchRetrying(`${c.proxyUrl}/api/webhooks`, () => ({
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'shop/redact',
      'x-shopify-shop-domain': shop,
      'x-shopify-hmac-sha256': createHmac('sha256', c.apiSecret).update(body).digest('base64'),
      'x-shopify-webhook-id': redactId.webhook,
      'x-shopify-event-id': redactId.event,
    },
    body,
  }));
  const count = async () => {
    const rows = await rowsOfShop(c.db, id);
    const now = await objectsEverywhere(c);
    return { rows, objects: theirs.filter((k) => now.has(k)).length };
  };
  const { value } = await until('the redaction', count, (v) => v.rows === 0 && v.objects === 0, 180_000);
  const ok = value.rows === 0 && value.objects === 0 && theirs.length > 0;
  return {
    value,
    ok,
    failure: ok
      ? undefined
      : `shop/redact answered ${res.status}; ${value.rows} rows of shop ${id} remain (${(await rowsOfShopByTable(c.db, id)).join(', ')}), ${value.objects} of its ${theirs.length} objects remain` +
        (theirs.length === 0 ? ` (its upload made no object anywhere: ${uploaded?.failure ?? 'no upload'})` : '') +
        " (needs the storage branch: erase by the shop's key prefix as a retried job)",
  };
}

/** Keys of the bucket, plus files under each instance's DATA_DIR/files (today's local storage). */
async function objectsEverywhere(c: Cluster): Promise<Set<string>> {
  const keys = new Set<string>();
  let token: string | undefined;
  for (let page = 0; page < 100; page++) {
    const out = await c.s3.send(new ListObjectsV2Command({ Bucket: c.bucket, ContinuationToken: token }));
    for (const o of out.Contents ?? []) if (o.Key) keys.add(`s3:${o.Key}`);
    if (!out.IsTruncated) break;
    token = out.NextContinuationToken;
  }
  for (const app of c.apps) {
    const dir = path.join(app.dataDir, 'files');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (fs.statSync(path.join(dir, f)).isFile()) keys.add(`${app.name}:${f}`);
    }
  }
  return keys;
}

async function tablesWithShopId(db: Db): Promise<string[]> {
  const { rows } = await sql<{ t: string }>`select table_name as t from information_schema.columns
    where table_schema = 'public' and column_name = 'shop_id' order by 1`.execute(db);
  return rows.map((r) => r.t);
}

async function rowsOfShopByTable(db: Db, id: number): Promise<string[]> {
  const out: string[] = [];
  for (const t of await tablesWithShopId(db)) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(t)} where shop_id = ${id}`.execute(db);
    if (rows[0].n) out.push(`${t}: ${rows[0].n}`);
  }
  const shops = await sql<{ n: number }>`select count(*)::int as n from shops where id = ${id}`.execute(db);
  if (shops.rows[0].n) out.push(`shops: ${shops.rows[0].n}`);
  return out;
}

async function rowsOfShop(db: Db, id: number): Promise<number> {
  return (await rowsOfShopByTable(db, id)).reduce((sum, s) => sum + Number(s.split(': ')[1]), 0);
}
