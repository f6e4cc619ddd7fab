import type { Db, Tx } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import { createReclamationsRepository } from './reclamations.repository.ts';
import { reclamationsRoutes } from './reclamations.routes.ts';
import { createReclamationsService } from './reclamations.service.ts';

/** Reclamations: shops' PIN complaints, their review by reseller and stock owner, the refunding credit note. */
export function createReclamationsModule(deps: {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'postEntry'>;
  invoices: Pick<InvoicesService, 'issueCreditNote' | 'findCreditNotesOf'>;
  pinCrypto: Pick<PinCrypto, 'indexes'>;
}) {
  const repo = createReclamationsRepository(deps.db);
  const services = { reclamations: createReclamationsService({ ...deps, repo }) };
  return {
    name: 'reclamations',
    services,
    register: async (app) => {
      await app.register(reclamationsRoutes(services), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}

/**
 * Whether a reclamation's credit note refunded a soft pin, read in the caller's transaction: the soft-pin
 * settlement asks before refunding a provider reversal (no second refund, decision 0091).
 */
export function softPinCreditedIn(db: Db) {
  const repo = createReclamationsRepository(db);
  return (saleId: number, tx: Tx) => repo.isSoftPinCredited(saleId, tx);
}
