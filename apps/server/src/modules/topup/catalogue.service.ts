import type { DtOneBody, DtOneCatalogue, TopupProduct } from '@portal/contract/topup';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { type DtOneClient, type DtOneProduct, DtOneRefusal, DtOneUnreachable } from '../../providers/dtone/client.ts';
import type { DiscountsOf } from '../provider-sales/provider-sale-flow.ts';
import { shopPricer } from '../provider-sales/provider-sale-money.ts';
import type { ProviderSalesService } from '../provider-sales/provider-sales.service.ts';
import { productPricing, toTopupOperator } from './dtone-answers.ts';
import { withdrawnProducts } from './topup-sales.service.ts';

const PER_PAGE = 100;

/** Read-only DT One calls behind `/api/dt_one/`: who operates a number, what can be sent to it at which price. */
export function createTopupCatalogueService(deps: {
  dtOne: DtOneClient;
  providerSales: Pick<ProviderSalesService, 'findShopChain' | 'findWithdrawnProducts'>;
  discounts: DiscountsOf;
  clock: Clock;
}) {
  const { dtOne, providerSales, discounts } = deps;

  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof DtOneUnreachable) throw new AppError('provider_unavailable', 'DT One did not answer');
      throw err;
    }
  }

  /** Products the portal can sell (priced in euro), with the shop's price S unless staff may not see it. */
  async function priced(actor: Actor, items: DtOneProduct[]): Promise<TopupProduct[]> {
    const chain = await providerSales.findShopChain(actor.customerId);
    const masked = actor.internal_role === 1 && chain?.maskSellerDiscount === true;
    const price = await shopPricer(discounts, chain);
    const withdrawn = await withdrawnProducts(providerSales, deps.clock);
    return items.flatMap((p) => {
      // DT One said it is not available to the platform's account (1003001): not offered for a day.
      if (withdrawn.has(p.id)) return [];
      const pricing = productPricing(p);
      if (!pricing) return [];
      const prices = price(pricing.retail);
      // What the platform would sell below DT One's cost is not offered (the send refuses it too).
      if ((prices.resellerPrice ?? prices.sellerPrice).lt(pricing.cost)) return [];
      return [
        {
          id: p.id,
          name: p.name,
          description: p.description,
          operator_id: p.operator.id,
          operator_name: p.operator.name,
          destination_amount: p.destination?.amount ?? null,
          destination_unit: p.destination?.unit ?? null,
          retail_price: pricing.retail.toFixed(2),
          price: masked ? null : prices.sellerPrice.toFixed(2),
        },
      ];
    });
  }

  return {
    async query(actor: Actor, body: DtOneBody): Promise<DtOneCatalogue> {
      if (body.configuration === '1') {
        if (!body.mobile_number) {
          throw validationError([{ field: 'mobile_number', rule: 'required', message: 'mobile_number: required' }]);
        }
        const number = body.mobile_number;
        try {
          const found = await ask(() => dtOne.lookupMobileNumber(number, { page: body.page, perPage: PER_PAGE }));
          return {
            operators: found.items.map(toTopupOperator),
            products: [],
            page: found.page,
            per_page: found.perPage,
            total: found.total,
            total_pages: found.totalPages,
          };
        } catch (err) {
          // DT One answers 404 for a number no operator claims: an empty list, the seller picks by hand.
          if (err instanceof DtOneRefusal && err.httpStatus === 404) {
            return { operators: [], products: [], page: body.page, per_page: PER_PAGE, total: 0, total_pages: 1 };
          }
          throw err;
        }
      }
      if (!body.country_iso_code && body.operator_id === undefined) {
        throw validationError([{ field: 'operator_id', rule: 'required', message: 'operator_id: required' }]);
      }
      const list = await ask(() =>
        dtOne.listProducts({
          countryIsoCode: body.country_iso_code,
          operatorId: body.operator_id,
          type: 'FIXED_VALUE_RECHARGE',
          page: body.page,
          perPage: PER_PAGE,
        }),
      );
      return {
        operators: [],
        products: await priced(actor, list.items),
        page: list.page,
        per_page: list.perPage,
        total: list.total,
        total_pages: list.totalPages,
      };
    },
  };
}
export type TopupCatalogueService = ReturnType<typeof createTopupCatalogueService>;
