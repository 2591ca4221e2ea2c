import { sql } from 'kysely';
import { openTestDatabase } from '../../test/testApp';
import type { DatabaseHandle } from '../index';
import { up } from './0023_checkout_switch';

describe('0023 checkout switch', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('marks the config of every installed shop, once, and of no uninstalled one', async () => {
    // The marks table as 0015 made it (0045 replaced it with the change outbox), in a transaction rolled back at the end.
    const rolledBack = new Error('rolled back');
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`drop view storefront_changes`.execute(trx);
        await sql`create table storefront_changes (shop_id integer not null references shops(id) on delete cascade, target text not null,
          generation integer not null default 1, marked_at timestamptz not null default now(), primary key (shop_id, target))`.execute(
          trx,
        );
        const [installed, marked, uninstalled] = await trx
          .insertInto('shops')
          .values([
            { domain: 'm23-installed.myshopify.com', locale: 'en', email: '', settings: '{}', installedAt: new Date() },
            { domain: 'm23-marked.myshopify.com', locale: 'en', email: '', settings: '{}', installedAt: new Date() },
            { domain: 'm23-uninstalled.myshopify.com', locale: 'en', email: '', settings: '{}', installedAt: null },
          ])
          .returning('id')
          .execute();
        await sql`insert into storefront_changes (shop_id, target) values (${marked.id}, 'config')`.execute(trx);

        await up(trx);

        const { rows } = await sql<{ shopId: number; target: string; generation: number }>`
          select shop_id, target, generation from storefront_changes where shop_id in (${installed.id}, ${marked.id}, ${uninstalled.id}) order by shop_id`.execute(
          trx,
        );
        expect(rows).toEqual([
          { shopId: installed.id, target: 'config', generation: 1 },
          { shopId: marked.id, target: 'config', generation: 2 },
        ]);
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
  });
});
