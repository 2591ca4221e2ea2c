import type { Db } from '../../../db';
import { paginationDetails, type Paginated } from '../../../../src/contracts/api';
import type { CustomerDataRequestView } from '../../../../src/contracts/customerDataRequests';

export type { CustomerDataRequestView };

/** GET /customerDataRequests: the shop's requests, newest first. */
export async function listCustomerDataRequests(
  db: Db,
  shopId: number,
  page: number,
  limit: number,
): Promise<Paginated<CustomerDataRequestView>> {
  const base = db.selectFrom('customerDataRequests').where('shopId', '=', shopId);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'customerId', 'customerEmail', 'ordersRequested', 'requestedAt', 'data'])
      .orderBy('requestedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  return {
    data: rows.map((r) => ({ ...r, requestedAt: new Date(r.requestedAt).toISOString() })),
    paginationDetails: paginationDetails(page, limit, Number(n)),
  };
}
