import type { Db } from '../../db';
import type { Reconciliation } from '../../../src/contracts/reconciliation';

/** The shop's last order reconciliation (GET /reconciliation). */
export async function getReconciliation(db: Db, shopId: number, available: boolean): Promise<Reconciliation> {
  const row = await db.selectFrom('orderReconciliations').selectAll().where('shopId', '=', shopId).executeTakeFirst();
  return {
    agreedAt: row?.agreedAt ? new Date(row.agreedAt).toISOString() : null,
    checkedAt: row ? new Date(row.checkedAt).toISOString() : null,
    status: row?.status ?? null,
    ordersChecked: row?.ordersChecked ?? 0,
    repairs: row?.repairs ?? {},
    available,
  };
}
