import { sql } from 'kysely';
import { openTestDatabase } from '../../test/testApp';
import type { DatabaseHandle } from '../index';
import { down, up } from './0045_changes';

describe('0045 changes', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it("turns the storefront marks nobody wrote into one change per shop, and drops the marks and the writers' leases", async () => {
    const rolledBack = new Error('rolled back');
    await handle.db
      .transaction()
      .execute(async (trx) => {
        // Back to before 0045, with marks left by the old writer.
        await down(trx);
        const [a, b] = await trx
          .insertInto('shops')
          .values(
            ['m45-a', 'm45-b'].map((name) => ({
              domain: `${name}.myshopify.com`,
              locale: 'en',
              email: '',
              settings: '{}',
              installedAt: new Date(),
            })),
          )
          .returning('id')
          .execute();
        await sql`insert into storefront_changes (shop_id, target) values (${a.id}, 'gallery'), (${a.id}, 'config'), (${a.id}, 'product:gid://shopify/Product/1')`.execute(
          trx,
        );
        await sql`insert into storefront_writers (shop_id, writer_id, lease_expires_at) values (${a.id}, 'crashed', now())`.execute(
          trx,
        );

        await up(trx);

        const changes = await trx
          .selectFrom('changes')
          .select(['shopId', 'kind', 'after'])
          .where('shopId', 'in', [a.id, b.id])
          .execute();
        expect(changes).toEqual([
          {
            shopId: a.id,
            kind: 'storefrontStale',
            after: { targets: ['config', 'gallery', 'product:gid://shopify/Product/1'] },
          },
        ]);
        // What the storefront writer has not read: that change.
        expect(
          await trx
            .selectFrom('storefrontChanges')
            .select(['shopId', 'kind'])
            .where('shopId', 'in', [a.id, b.id])
            .execute(),
        ).toEqual([{ shopId: a.id, kind: 'storefrontStale' }]);
        const { rows } = await sql<{ t: string | null }>`select to_regclass('storefront_writers')::text as t`.execute(
          trx,
        );
        expect(rows).toEqual([{ t: null }]);
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
  });
});
