jest.setTimeout(60_000);
import { createTestApp, type TestApp } from '../../test/testApp';
import { countRows, deliver } from './test/deliver';

/** app/* topics handled here: app/scopes_update. */
describe('app/scopes_update', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.provision('scopes.myshopify.com');
    await t.provision('scopes-other.myshopify.com');
  });
  afterAll(() => t.close());

  const scopes = async (domain: string) =>
    (await t.db.selectFrom('shops').select('grantedScopes').where('domain', '=', domain).executeTakeFirstOrThrow())
      .grantedScopes;

  it('stores the granted scopes (`current`) on the shop, only that shop', async () => {
    const res = await deliver(
      t,
      'app/scopes_update',
      {
        id: 1,
        previous: ['read_products'],
        current: ['write_discounts', 'read_products', 'read_orders'],
        updated_at: '2026-11-01T00:00:00Z',
      },
      { shop: 'scopes.myshopify.com' },
    );
    expect(res.statusCode).toBe(200);
    expect(await scopes('scopes.myshopify.com')).toBe('read_orders,read_products,write_discounts');
    expect(await scopes('scopes-other.myshopify.com')).toBeNull();

    await deliver(
      t,
      'app/scopes_update',
      { previous: ['read_orders'], current: ['read_products'] },
      { shop: 'scopes.myshopify.com' },
    );
    expect(await scopes('scopes.myshopify.com')).toBe('read_products');
  });

  it('ignores a payload without a list of scopes (200, nothing recorded)', async () => {
    const before = await countRows(t, 'webhook_deliveries');
    for (const body of [
      { previous: [] },
      { current: 'read_products' },
      { current: [1] },
      { current: ['read products; drop'] },
    ]) {
      expect((await deliver(t, 'app/scopes_update', body, { shop: 'scopes.myshopify.com' })).statusCode).toBe(200);
    }
    expect(await countRows(t, 'webhook_deliveries')).toBe(before);
    expect(await scopes('scopes.myshopify.com')).toBe('read_products');
  });

  it('a replayed delivery changes nothing', async () => {
    await deliver(
      t,
      'app/scopes_update',
      { current: ['read_themes'] },
      { shop: 'scopes.myshopify.com', eventId: 'scope-evt' },
    );
    await deliver(t, 'app/scopes_update', { current: ['read_products'] }, { shop: 'scopes.myshopify.com' });
    // The platform retries the first delivery: the later state stays.
    const replay = await deliver(
      t,
      'app/scopes_update',
      { current: ['read_themes'] },
      { shop: 'scopes.myshopify.com', eventId: 'scope-evt' },
    );
    expect(replay.json().duplicate).toBe(true);
    expect(await scopes('scopes.myshopify.com')).toBe('read_products');
  });
});
