import type { UpdatePlatformDetailsBody } from '@portal/contract/platform-details';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import { invoiceDataColumns, platformDetailsOf, withoutAbsent } from './customers.mapper.ts';
import type { CustomersRepository } from './customers.repository.ts';

/**
 * `/platform-details`: the platform's own legal and invoice data, which its invoices to resellers freeze as the
 * issuer's (decision 0095). The route rule lets only the platform's main account in, so its customer is the
 * caller's own.
 */
export function createPlatformDetailsService(deps: { db: Db; repo: CustomersRepository }) {
  const { db, repo } = deps;

  async function get(actor: Actor) {
    const row = await repo.findInvoiceData(actor.customerId);
    if (!row) throw notFound('Customer');
    return platformDetailsOf(row);
  }

  async function update(actor: Actor, b: UpdatePlatformDetailsBody) {
    await db.transaction(async (tx) => {
      await repo.updateCustomer(
        actor.customerId,
        withoutAbsent({ name: b.name, email: b.email, ...invoiceDataColumns(b) }),
        tx,
      );
      if (b.address) await repo.patchAddress(actor.customerId, b.address, tx);
    });
    return get(actor);
  }

  return { get, update };
}
export type PlatformDetailsService = ReturnType<typeof createPlatformDetailsService>;
