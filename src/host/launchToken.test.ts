import { launchTokenSource, tokenExpiry } from './launchToken';

const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: object) => `${part({ alg: 'HS256' })}.${part(payload)}.sig`;

describe('launch session token', () => {
  it('reads exp without verifying (base64url, any padding)', () => {
    expect(tokenExpiry(jwt({ exp: 1_700_000_000, dest: 'https://a.myshopify.com/?~~' }))).toBe(1_700_000_000);
    expect(tokenExpiry(jwt({ exp: 'soon' }))).toBeUndefined();
    expect(tokenExpiry('not-a-jwt')).toBeUndefined();
    expect(tokenExpiry('a.%%%.c')).toBeUndefined();
    expect(tokenExpiry('')).toBeUndefined();
  });

  it('hands out the URL token until 5 s before it expires, then refuses', async () => {
    let now = 1_000_000_000;
    const token = jwt({ exp: now / 1000 + 60 });
    const source = launchTokenSource(`?embedded=1&id_token=${token}`, () => now);
    await expect(source()).resolves.toBe(token);
    now += 54_000;
    await expect(source()).resolves.toBe(token);
    now += 2_000;
    await expect(source()).rejects.toThrow('open the app again from Shopify admin');
  });

  it('refuses without a token in the URL', async () => {
    await expect(launchTokenSource('?shop=a.myshopify.com')()).rejects.toThrow();
    await expect(launchTokenSource('')()).rejects.toThrow();
  });
});
