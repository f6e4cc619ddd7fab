import {
  DISCOUNT_PROVIDERS,
  type DiscountProvider,
  type ProviderDiscountsAnswer,
  type ProviderDiscountsBody,
} from '@portal/contract/provider-discounts';
import { ROLE } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { DiscountsOf } from '../provider-sales/provider-sale-flow.ts';
import type { TopupDiscounts } from '../provider-sales/provider-sale-money.ts';
import type { ProviderDiscountsRepository } from './provider-discounts.repository.ts';

/** The platform's discounts where none is assigned: the environment's `*_RESELLER_DISCOUNT`/`*_SELLER_DISCOUNT`. */
export type ProviderDefaults = Record<DiscountProvider, TopupDiscounts>;

/**
 * The discounts that price one shop's sale: the reseller's assigned discount or the default, the shop's likewise
 * but never above its reseller's, so a reseller never sells below what it pays (the platform may lower a
 * reseller's discount under what the reseller gave its shops).
 */
export function chainDiscounts(
  d: TopupDiscounts,
  assigned: { reseller?: string; seller?: string },
  underPlatform: boolean,
): TopupDiscounts {
  const reseller = new Decimal(assigned.reseller ?? d.reseller);
  const seller = new Decimal(assigned.seller ?? d.seller);
  return {
    reseller: reseller.toFixed(2),
    seller: (underPlatform ? seller : Decimal.min(seller, reseller)).toFixed(2),
  };
}

/**
 * Each customer's discount per provider (decision 0107), for DT One, direct recharge and bus tickets: assigned by
 * the customer's parent like PAD, read by every provider sale through `of(provider)`.
 */
export function createProviderDiscountsService(deps: {
  db: Db;
  clock: Clock;
  repo: ProviderDiscountsRepository;
  defaults: ProviderDefaults;
}) {
  const { db, clock, repo, defaults } = deps;

  /** The discounts of a provider for the shop of `chain` (none known: the defaults of a shop under the platform). */
  function of(provider: DiscountProvider): DiscountsOf {
    return async (chain, tx) => {
      if (!chain) return chainDiscounts(defaults[provider], {}, true);
      const found = await repo.find([chain.shopId, chain.resellerId], provider, tx);
      const assigned = {
        reseller: found.get(`${chain.resellerId}:${provider}`),
        seller: found.get(`${chain.shopId}:${provider}`),
      };
      return chainDiscounts(defaults[provider], assigned, chain.resellerId === chain.platformId);
    };
  }

  /**
   * `/provider_discounts/`: the caller's discounts for one of its own customers (the platform: its resellers and
   * own shops; a reseller: its shops), set first when `discounts` is given. A reseller cannot give a shop more
   * than it gets itself; the whole request is refused with it.
   */
  async function discounts(actor: Actor, b: ProviderDiscountsBody): Promise<ProviderDiscountsAnswer> {
    const customer = await repo.findOwnCustomer(actor, b.customer_id);
    if (!customer) throw notFound('Customer');
    const platform = actor.customerRole === ROLE.superadmin;
    const ownRows = platform ? new Map<string, string>() : await repo.find([actor.customerId]);
    const own = (p: DiscountProvider) =>
      platform ? null : new Decimal(ownRows.get(`${actor.customerId}:${p}`) ?? defaults[p].reseller);
    if (b.discounts?.length) {
      const rows = b.discounts.map((u, i) => {
        const ceiling = own(u.provider);
        if (u.discount !== null && ceiling?.lt(u.discount)) {
          const message = 'The discount is above your own';
          // The field is named so the screen marks the service's input.
          throw new AppError('discount_above_own', message, {
            params: { provider: u.provider, discount: u.discount, own_discount: ceiling.toFixed(2) },
            errors: [{ field: `discounts.${i}.discount`, rule: 'discount_above_own', message }],
          });
        }
        return { provider: u.provider, discount: u.discount === null ? null : new Decimal(u.discount).toFixed(2) };
      });
      await db.transaction((tx) => repo.set(customer.id, rows, actor.userId, clock.now(), tx));
    }
    const current = await repo.find([customer.id]);
    const isReseller = customer.accountRole === ROLE.reseller;
    return {
      customer: { id: customer.id, name: customer.name },
      discounts: DISCOUNT_PROVIDERS.map((p) => {
        const assigned = current.get(`${customer.id}:${p}`) ?? null;
        const fallback = new Decimal(isReseller ? defaults[p].reseller : defaults[p].seller);
        const base = assigned === null ? fallback : new Decimal(assigned);
        const ceiling = own(p);
        return {
          provider: p,
          assigned: assigned === null ? null : new Decimal(assigned).toFixed(2),
          default_discount: fallback.toFixed(2),
          effective: (ceiling ? Decimal.min(base, ceiling) : base).toFixed(2),
          own_discount: ceiling?.toFixed(2) ?? null,
        };
      }),
    };
  }

  return { of, discounts };
}
export type ProviderDiscountsService = ReturnType<typeof createProviderDiscountsService>;
