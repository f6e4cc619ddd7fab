import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  createProviderSaleFlow,
  type ProviderSaleDeps,
  type ProviderSaleFlow,
  pricesMasked,
} from './provider-sale-flow.ts';

/** A provider sale's row, as the providers' steps and views read it. */
export type { ProviderSaleRow } from './provider-sales.repository.ts';

/** What a provider gives the engine for its flow: its name, its step, its statuses, its poll job and its timing. */
export type ProviderFlowSpec = Omit<Parameters<typeof createProviderSaleFlow>[0], keyof ProviderSaleDeps> &
  Pick<ProviderSaleDeps, 'pollMs'>;

/**
 * The provider-sale engine as the providers use it (decisions 0080, 0101): a flow per provider over the shared
 * reservation, settlement and poll, and the provider sales' rows read and written by intention. The repository stays
 * the engine's: no provider module builds one.
 */
export function createProviderSalesService(deps: Omit<ProviderSaleDeps, 'pollMs'>) {
  const { repo } = deps;
  const flows = new Map<string, ProviderSaleFlow>();

  /** A provider's flow, made once by its sales service; the engine keeps it to step the provider's sales by name. */
  function flow(spec: ProviderFlowSpec): ProviderSaleFlow {
    const made = createProviderSaleFlow({ ...deps, ...spec });
    flows.set(spec.provider, made);
    return made;
  }

  /**
   * One step of any provider's sale towards its final status, by the flow of the provider that sold it (the pending
   * list's "ask now"); nothing for a provider that is not configured.
   */
  async function advance(sale: { id: number; provider: string }) {
    return flows.get(sale.provider)?.advance(sale.id);
  }

  return {
    flow,
    advance,
    /** Whether the actor sees the retail price only (staff of a shop that masks its discount). */
    pricesMasked: (actor: Actor) => pricesMasked(repo, actor),
    findShopChain: repo.findShopChain,
    findById: repo.findById,
    findOwn: repo.findOwn,
    findWithUser: repo.findWithUser,
    findPage: repo.findPage,
    findByProviderIds: repo.findByProviderIds,
    summarise: repo.summarise,
    findStuck: repo.findStuck,
    findPlatformSale: repo.findPlatformSale,
    hold: repo.hold,
    releaseHold: repo.releaseHold,
    closeOffer: repo.closeOffer,
    withdrawProduct: repo.withdrawProduct,
    findWithdrawnProducts: repo.findWithdrawnProducts,
    alertPlatform: repo.alertPlatform,
  };
}
export type ProviderSalesService = ReturnType<typeof createProviderSalesService>;

/** What every provider's sales service is made with: the engine, the clock and the provider's poll interval. */
export type ProviderServiceDeps = {
  providerSales: ProviderSalesService;
  clock: Clock;
  pollMs: number;
  log?: { warn(o: object, m: string): void };
};

/** What every provider's module is made with (`modules/index.ts` builds it once): the engine and the platform's parts. */
export type ProviderModuleDeps = Omit<ProviderServiceDeps, 'pollMs'> & { db: Db };
