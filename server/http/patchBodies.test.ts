import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/testApp';
import { listRoutes } from '../test/routeTree';
import { insertLook } from '../test/looks';
import { INTERFACE_LOCALE_HEADER } from '../../src/contracts/api';

jest.setTimeout(60_000);

/** Every PATCH route of the app, with its params filled by `id`. */
const patchRoutes = (app: FastifyInstance, id: number) =>
  listRoutes(app, String(id))
    .filter(([method]) => method === 'PATCH')
    .map(([, url]) => url);

/** Every row of every table, to prove a refused request wrote nothing. */
async function everything(t: TestApp): Promise<string> {
  const tables = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(
    t.db,
  );
  const dump: Record<string, unknown> = {};
  for (const { name } of tables.rows)
    dump[name] = (await sql.raw(`select * from "${name}" order by 1`).execute(t.db)).rows;
  return JSON.stringify(dump);
}

describe('every PATCH route takes a JSON object', () => {
  let t: TestApp;
  const shop = 'patch.myshopify.com';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers null, an array, a string, a number or no body with a translated 400 and changes nothing', async () => {
    const row = await t.provision(shop);
    const look = await insertLook(t.db, row.id, { title: 'Look', active: true });
    const routes = patchRoutes(t.app, look);
    expect(routes).toEqual(
      expect.arrayContaining(['/admin/api/v1/shop', '/admin/api/v1/layout', '/admin/api/v1/booster']),
    );
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const before = await everything(t);
    for (const url of routes) {
      for (const payload of ['null', '[]', '[{"title":"x"}]', '"text"', '42', 'true']) {
        const res = await t.request({
          method: 'PATCH',
          url,
          shop,
          payload,
          headers: { 'content-type': 'application/json', [INTERFACE_LOCALE_HEADER]: 'de' },
        });
        expect([url, payload, res.statusCode]).toEqual([url, payload, 400]);
        expect([url, payload, res.json()]).toEqual([
          url,
          payload,
          {
            message: 'Einige Felder sind ungültig.',
            code: 'validation_failed',
            errors: { _: 'Der Anfrageinhalt muss ein JSON-Objekt sein.' },
            requestId: expect.any(String),
          },
        ]);
      }
      const empty = await t.request({ method: 'PATCH', url, shop });
      expect([url, empty.statusCode]).toEqual([url, 400]);
    }
    expect(await everything(t)).toBe(before);
  });
});
