import { createTestApp, type TestApp } from '../test/testApp';
import { translate } from '../i18n';
import { buildApp } from '../app';
import { loadConfig } from '../config';

/** Names a DNS-rebinding page (or a stranger on the network) would send. */
const HOSTILE_HOSTS = [
  'evil.example',
  'evil.example:3000',
  'localhost.evil.example',
  'localhost.evil.example:80',
  '127.0.0.1.nip.io',
  'looks.example.evil.example',
  '0.0.0.0:3000',
  '192.168.1.20:3000',
  '10.0.0.1',
  '[::2]:3000',
  '[fe80::1]',
  'localhost.',
  'LOCALHOST.evil',
  'evil.example@localhost',
  'localhost:abc',
];

/** Every kind of route: dev token, authenticated API, public API, SPA fallback, uploaded files, 404. */
const PATHS = [
  '/api/dev/session-token',
  '/admin/api/v1/shop/details',
  '/api/storefront/looks?shop=demo-shop.myshopify.com',
  '/',
  '/looks/1',
  '/files/catalog/x.jpg',
  '/nothing-here.png',
];

describe('Host check (DNS-rebinding defence)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { APP_URL: 'https://looks.example', ALLOWED_HOSTS: 'intranet.local' } });
  });
  afterAll(() => t.close());

  it('answers 421 with a translated message for every hostile Host on every kind of route, and mints nothing', async () => {
    for (const host of HOSTILE_HOSTS) {
      for (const url of PATHS) {
        const res = await t.request({ method: 'GET', url, shop: 'demo-shop.myshopify.com', headers: { host } });
        expect([host, url, res.statusCode]).toEqual([host, url, 421]);
        expect(res.json()).toEqual({
          message: translate('en', 'http.hostNotAllowed'),
          code: 'host_not_allowed',
          requestId: expect.any(String),
        });
        expect(res.body).not.toContain('token"');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });

  it('refuses writes too, before any handler runs', async () => {
    const before = await t.db.selectFrom('shops').select(['id', 'settings']).orderBy('id').execute();
    const res = await t.request({
      method: 'PATCH',
      url: '/admin/api/v1/shop',
      shop: 'demo-shop.myshopify.com',
      headers: { host: 'evil.example' },
      payload: { locale: 'de' },
    });
    expect(res.statusCode).toBe(421);
    expect(await t.db.selectFrom('shops').select(['id', 'settings']).orderBy('id').execute()).toEqual(before);
  });

  it('translates the message (Accept-Language)', async () => {
    for (const locale of ['de', 'fr', 'it', 'es']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: 'evil.example', 'accept-language': locale },
      });
      expect(res.statusCode).toBe(421);
      expect(res.json().message).toBe(translate(locale, 'http.hostNotAllowed'));
      expect(res.json().message).not.toBe(translate('en', 'http.hostNotAllowed'));
    }
  });

  it('serves loopback names, the APP_URL host and ALLOWED_HOSTS on any port', async () => {
    for (const host of [
      'localhost',
      'localhost:80',
      'LocalHost:3000',
      '127.0.0.1:3100',
      '[::1]:8080',
      'looks.example',
      'looks.example:443',
      'intranet.local:9000',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/session-token', headers: { host } });
      expect([host, res.statusCode]).toEqual([host, 200]);
    }
  });

  it('ignores X-Forwarded-Host unless the proxy is trusted', async () => {
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/dev/session-token',
      headers: { host: 'localhost', 'x-forwarded-host': 'evil.example' },
    });
    expect(spoofed.statusCode).toBe(200);
    const hidden = await t.app.inject({
      method: 'GET',
      url: '/api/dev/session-token',
      headers: { host: 'evil.example', 'x-forwarded-host': 'localhost' },
    });
    expect(hidden.statusCode).toBe(421);
  });
});

describe('Host check behind a trusted proxy (TRUST_PROXY)', () => {
  it('checks the forwarded host the trusted proxy reports', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1', APP_URL: 'https://looks.example' } });
    try {
      const forwarded = (host: string) =>
        t.app.inject({ method: 'GET', url: '/api/nope', headers: { host: 'localhost', 'x-forwarded-host': host } });
      expect((await forwarded('evil.example')).statusCode).toBe(421);
      expect((await forwarded('looks.example')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY decides whose X-Forwarded-For counts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The client address a route sees, on an app built with this environment. */
  async function clientIp(env: Record<string, string>, forwardedFor: string) {
    // No load shedding (as createTestApp): on a busy machine a 503 would stand in for the answer read here.
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      DIST_DIR: t.config.distDir,
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    });
    const app = await buildApp({ config, db: t.db }, { logger: false });
    app.get('/api/__ip', async (req) => ({ ip: req.ip }));
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/__ip',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
      expect(res.statusCode).toBe(200);
      return res.json().ip as string;
    } finally {
      await app.close();
    }
  }

  it('ignores X-Forwarded-For by default, so rotating it gains nothing', async () => {
    for (const spoof of ['203.0.113.1', '203.0.113.2, 198.51.100.7'])
      expect(await clientIp({}, spoof)).toBe('127.0.0.1');
  });

  it('reads it through the configured proxies only', async () => {
    expect(await clientIp({ TRUST_PROXY: '127.0.0.1' }, '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp({ TRUST_PROXY: '10.0.0.0/8' }, '203.0.113.9')).toBe('127.0.0.1');
    // One hop: the proxy's own view of the client (the last entry), not what the client claimed before it.
    expect(await clientIp({ TRUST_PROXY: '1' }, '198.51.100.7, 203.0.113.9')).toBe('203.0.113.9');
  });
});
