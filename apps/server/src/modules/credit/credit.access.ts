import type { Tx } from '../../db/connect.ts';
import type { Viewer } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import type { CreditRepository } from './credit.repository.ts';

/** One of the actor's own customers, or 404: money moves and is shown only along the hierarchy. */
export async function ownCustomer(
  repo: Pick<CreditRepository, 'findVisibleCustomer'>,
  actor: Viewer,
  customerId: number,
  tx?: Tx,
) {
  const c = await repo.findVisibleCustomer(actor, customerId, tx);
  if (!c) throw notFound('Customer');
  return c;
}
