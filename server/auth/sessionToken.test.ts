import { SignJWT } from 'jose';
import { MAX_TOKEN_LIFETIME_SECONDS, shopFromDest, signSessionToken, verifySessionToken } from './sessionToken';
import { createTestApp } from '../test/testApp';

const KEY = 'unit-key';
const SECRET = 'unit-secret';
const SHOP = 'token-shop.myshopify.com';

interface Claims {
  dest?: unknown;
  iss?: string | null;
  iat?: number | null;
  nbf?: number;
  exp?: number;
}

/** A platform-shaped token with any claim overridden (null drops it). */
async function token(claims: Claims = {}, { key = KEY, secret = SECRET } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = {
    dest: `https://${SHOP}`,
    iss: `https://${SHOP}/admin`,
    aud: key,
    sub: '7',
    iat: now,
    nbf: now,
    exp: now + 60,
    ...claims,
  };
  for (const k of Object.keys(payload)) if (payload[k] === null) delete payload[k];
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

/** dest values that are not exactly https://<shop>.myshopify.com. */
const BAD_DESTS: unknown[] = [
  `https://${SHOP}/`,
  `https://${SHOP}/admin`,
  `https://${SHOP}:443`,
  `https://${SHOP}:8443`,
  `https://user@${SHOP}`,
  `https://user:pw@${SHOP}`,
  `https://${SHOP}?x=1`,
  `https://${SHOP}#frag`,
  `http://${SHOP}`,
  `HTTPS://${SHOP.toUpperCase()}`,
  `https://${SHOP}.`,
  `https://${SHOP}.evil.example`,
  `https://evil.example/${SHOP}`,
  `https://evil.example?${SHOP}`,
  `https://sub.${SHOP}`,
  `https://-${SHOP}`,
  ` https://${SHOP}`,
  `https://${SHOP}\n`,
  `//${SHOP}`,
  SHOP,
  '',
  42,
  [`https://${SHOP}`],
  { href: `https://${SHOP}` },
];

describe('session token dest', () => {
  it('accepts exactly https://<shop>.myshopify.com', async () => {
    expect(shopFromDest(`https://${SHOP}`)).toBe(SHOP);
    expect(await verifySessionToken(await token(), KEY, SECRET)).toEqual({ shopDomain: SHOP, userId: '7' });
  });

  it('refuses every other shape', async () => {
    for (const dest of BAD_DESTS) {
      expect([dest, shopFromDest(dest)]).toEqual([dest, undefined]);
      const jwt = await token({ dest, iss: null });
      await expect(verifySessionToken(jwt, KEY, SECRET)).rejects.toThrow();
    }
  });

  it('refuses an issuer that is not the dest shop admin', async () => {
    for (const iss of [
      `https://other.myshopify.com/admin`,
      `https://${SHOP}.evil.example/admin`,
      `https://${SHOP}/admin/x`,
      'x',
    ]) {
      await expect(verifySessionToken(await token({ iss }), KEY, SECRET)).rejects.toThrow();
    }
  });
});

describe('session token lifetime', () => {
  const now = Math.floor(Date.now() / 1000);

  it(`accepts up to ${MAX_TOKEN_LIFETIME_SECONDS} s between iat and exp`, async () => {
    for (const life of [1, 60, MAX_TOKEN_LIFETIME_SECONDS]) {
      await expect(verifySessionToken(await token({ iat: now, exp: now + life }), KEY, SECRET)).resolves.toMatchObject({
        shopDomain: SHOP,
      });
    }
  });

  it('refuses longer-lived tokens and tokens without iat', async () => {
    for (const claims of [
      { iat: now, exp: now + MAX_TOKEN_LIFETIME_SECONDS + 1 },
      { iat: now, exp: now + 3600 },
      { iat: now, exp: now + 10 * 365 * 86400 },
      { iat: now - 3600, nbf: now - 3600, exp: now + 30 },
      { iat: null },
    ]) {
      await expect(verifySessionToken(await token(claims), KEY, SECRET)).rejects.toThrow();
    }
  });

  it('signSessionToken issues tokens the verifier accepts', async () => {
    const jwt = await signSessionToken(SHOP, KEY, SECRET);
    await expect(verifySessionToken(jwt, KEY, SECRET)).resolves.toMatchObject({ shopDomain: SHOP });
  });
});

describe('the API refuses such tokens', () => {
  it('answers 401 for each bad dest and each long-lived token', async () => {
    const t = await createTestApp();
    try {
      await t.provision(SHOP);
      const good = await token({}, { key: t.config.apiKey, secret: t.config.apiSecret });
      const ok = await t.app.inject({
        method: 'GET',
        url: '/admin/api/v1/shop/details',
        headers: { authorization: `Bearer ${good}` },
      });
      expect(ok.statusCode).toBe(200);
      const now = Math.floor(Date.now() / 1000);
      const bad = [
        ...BAD_DESTS.map((dest) => ({ dest, iss: null })),
        { iat: now, exp: now + 24 * 3600 },
        { iat: null },
      ];
      for (const claims of bad) {
        const jwt = await token(claims, { key: t.config.apiKey, secret: t.config.apiSecret });
        const res = await t.app.inject({
          method: 'GET',
          url: '/admin/api/v1/shop/details',
          headers: { authorization: `Bearer ${jwt}` },
        });
        expect([claims, res.statusCode]).toEqual([claims, 401]);
      }
    } finally {
      await t.close();
    }
  });
});
