import type { SoftApiProduct } from '@portal/contract/dynamic-products';
import { priceAfterDiscount } from '@portal/contract/pricing';
import type {
  CatalogueProvider,
  HealthState,
  OfferState,
  ProviderHealth,
  ProviderHealthAnswer,
  ProviderOffer,
  ProviderOffersAnswer,
  ProviderOffersQuery,
} from '@portal/contract/provider-catalogues';
import { CATALOGUE_PROVIDERS, PROVIDER_HEALTH_TIMEOUT_MS } from '@portal/contract/provider-catalogues';
import { Decimal } from 'decimal.js';
import type { Clock } from '../../platform/clock.ts';
import { page } from '../../platform/envelope.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import {
  type DirectRechargeClient,
  DirectRechargeRefusal,
  DirectRechargeUnreachable,
} from '../../providers/direct-recharge/client.ts';
import { type DtOneClient, DtOneRefusal, DtOneUnreachable } from '../../providers/dtone/client.ts';
import { type FlixbusClient, FlixbusRefusal, FlixbusUnreachable } from '../../providers/flixbus/client.ts';
import { type SoftPinClient, SoftPinRefusal, SoftPinUnreachable } from '../../providers/softpin/client.ts';
import type { ProviderDefaults } from '../provider-discounts/provider-discounts.service.ts';
import { productPricing } from '../topup/dtone-answers.ts';

const DEFAULT_LIMIT = 25;

/** A provider's price as it gives it: at least cents, its own further places kept (DT One prices to 4). */
const amount = (v: Decimal) => v.toFixed(Math.max(2, v.decimalPlaces()));

/** One offer priced the platform's way: R = F × (1 − default reseller discount), not offered below the cost. */
function offer(
  o: Pick<ProviderOffer, 'id' | 'name' | 'group' | 'country' | 'receives'>,
  cost: Decimal | null,
  face: Decimal | null,
  discount: string | null,
  state: OfferState,
): ProviderOffer {
  const price = face && discount !== null ? priceAfterDiscount(face, discount) : null;
  const below = price && cost ? price.lt(cost) : false;
  return {
    ...o,
    cost: cost ? amount(cost) : null,
    face_value: face ? face.toFixed(2) : null,
    reseller_discount: discount,
    reseller_price: price ? price.toFixed(2) : null,
    margin: price && cost ? amount(price.minus(cost)) : null,
    state: state === 'sold' && below ? 'below_cost' : state,
  };
}

/** `search` in the offer's name, operator/brand or country, case-insensitively. */
function matches(o: ProviderOffer, search: string | undefined): boolean {
  if (!search) return true;
  const s = search.toLocaleLowerCase('de');
  return [o.name, o.group, o.country, o.id].some((v) => v?.toLocaleLowerCase('de').includes(s));
}

type Check = {
  call: () => Promise<unknown>;
  refused: (err: unknown) => string | null;
  unreachable: (err: unknown) => boolean;
};

/**
 * The superadmin's view of the provider catalogues (issue 40, decision 0144): each provider's offers through the
 * adapter's existing catalogue call, priced with the platform's default reseller discount (provider-discounts) and,
 * for soft pins, the platform's configuration (dynamic-products); and a live health check per provider.
 */
export function createProviderCataloguesService(deps: {
  clock: Clock;
  dtOne: DtOneClient | null;
  directRecharge: DirectRechargeClient | null;
  flixbus: FlixbusClient | null;
  softPin: SoftPinClient | null;
  /** The soft-pin provider's catalogue beside the platform's configuration (`/get_softapi_products/`'s reading). */
  softPinCatalogue: (() => Promise<{ products: SoftApiProduct[] }>) | null;
  defaults: ProviderDefaults;
  healthTimeoutMs?: number;
}) {
  const { defaults } = deps;
  const timeoutMs = deps.healthTimeoutMs ?? PROVIDER_HEALTH_TIMEOUT_MS;
  /** When each provider last answered a check: kept in memory, since this server started (decision 0144). */
  const lastOk = new Map<CatalogueProvider, string>();

  const off = (provider: CatalogueProvider) =>
    new AppError('provider_unavailable', `The provider ${provider} is not configured on this server`);

  /** A catalogue call that did not answer (or was refused) is the screen's error state, never an empty list. */
  async function ask<T>(provider: CatalogueProvider, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      const c = checks(provider);
      if (c && (c.unreachable(err) || c.refused(err) !== null)) {
        throw new AppError('provider_unavailable', `The provider ${provider} did not answer`);
      }
      throw err;
    }
  }

  /** DT One pages and filters its own catalogue (by country, ISO alpha-3): its paging is passed through. */
  async function dtOneOffers(q: ProviderOffersQuery, limit: number): Promise<ProviderOffersAnswer> {
    const dtOne = deps.dtOne;
    if (!dtOne) throw off('dtone');
    const country = q.search?.toUpperCase();
    if (country && !/^[A-Z]{3}$/.test(country)) {
      throw validationError([
        { field: 'search', rule: 'country_iso3', message: 'search: a country code (ISO alpha-3)' },
      ]);
    }
    const p = q.page ?? 1;
    const list = await ask('dtone', () => dtOne.listProducts({ countryIsoCode: country, page: p, perPage: limit }));
    const discount = new Decimal(defaults.dtone.reseller).toFixed(2);
    const offers = list.items.map((item) => {
      const pricing = productPricing(item);
      const receives = item.destination ? `${item.destination.amount} ${item.destination.unit ?? ''}`.trim() : null;
      const base = {
        id: String(item.id),
        name: item.name,
        group: item.operator.name,
        country: item.operator.country.iso_code,
        receives,
      };
      return pricing
        ? offer(base, pricing.cost, pricing.retail, discount, 'sold')
        : offer(base, null, null, discount, 'not_in_euro');
    });
    return {
      ...page('offers', offers, list.total, { page: p, limit }, { provider: 'dtone', search: country ?? '' }),
      pricing: 'per_product',
      default_reseller_discount: discount,
    };
  }

  /** The providers that give their whole catalogue at once: searched and paged here. */
  async function wholeOffers(provider: Exclude<CatalogueProvider, 'dtone'>): Promise<ProviderOffer[]> {
    if (provider === 'direct_recharge') {
      const client = deps.directRecharge;
      if (!client) throw off(provider);
      const discount = new Decimal(defaults.direct_recharge.reseller).toFixed(2);
      return (await ask(provider, () => client.listProducts())).map((p) =>
        offer(
          {
            id: String(p.id),
            name: p.name,
            group: p.operator.name,
            country: p.operator.country_iso_code,
            receives: `${p.face_value} ${p.currency}`,
          },
          new Decimal(p.wholesale_price),
          new Decimal(p.retail_price),
          discount,
          'sold',
        ),
      );
    }
    if (provider === 'softpin') {
      const catalogue = deps.softPinCatalogue;
      if (!catalogue) throw off(provider);
      // A soft pin's reseller discount is per product and customer; without one assigned it is 0 % (decision 0104).
      return (await ask(provider, catalogue)).products.map((p) => {
        const d = p.dynamic_product;
        const state: OfferState = !p.available ? 'provider_unavailable' : d?.enabled ? 'sold' : 'not_configured';
        return offer(
          {
            id: String(p.provider_product_id),
            name: d?.name ?? p.provider_name,
            group: p.brand,
            country: null,
            receives: `${p.provider_face_value} ${p.currency}`,
          },
          new Decimal(p.provider_cost),
          d ? new Decimal(d.face_value) : null,
          d ? '0.00' : null,
          state,
        );
      });
    }
    const client = deps.flixbus;
    if (!client) throw off(provider);
    // FlixBus's catalogue is its network of cities; a fare is known only for a trip searched (priced per booking).
    return (await ask(provider, () => client.listCities())).map((c) =>
      offer(
        { id: String(c.id), name: c.name, group: null, country: c.country, receives: null },
        null,
        null,
        null,
        'sold',
      ),
    );
  }

  async function offers(q: ProviderOffersQuery): Promise<ProviderOffersAnswer> {
    const limit = q.limit ?? DEFAULT_LIMIT;
    if (q.provider === 'dtone') return dtOneOffers(q, limit);
    const p = q.page ?? 1;
    const all = (await wholeOffers(q.provider)).filter((o) => matches(o, q.search));
    const shown = all.slice((p - 1) * limit, p * limit);
    const perBooking = q.provider === 'flixbus';
    return {
      ...page('offers', shown, all.length, { page: p, limit }, { provider: q.provider, search: q.search ?? '' }),
      pricing: perBooking ? 'per_booking' : 'per_product',
      default_reseller_discount:
        q.provider === 'softpin' ? null : new Decimal(defaults[q.provider].reseller).toFixed(2),
    };
  }

  /** How to ask each provider cheaply whether it answers, and how to read its errors. */
  function checks(provider: CatalogueProvider): Check | null {
    switch (provider) {
      case 'dtone': {
        const c = deps.dtOne;
        // The balances call needs valid credentials and touches no catalogue: the lightest authenticated call.
        return c
          ? {
              call: () => c.balances(),
              refused: (e) => (e instanceof DtOneRefusal ? String(e.code ?? e.httpStatus) : null),
              unreachable: (e) => e instanceof DtOneUnreachable,
            }
          : null;
      }
      case 'direct_recharge': {
        const c = deps.directRecharge;
        return c
          ? {
              call: () => c.listProducts(),
              refused: (e) => (e instanceof DirectRechargeRefusal ? e.code : null),
              unreachable: (e) => e instanceof DirectRechargeUnreachable,
            }
          : null;
      }
      case 'softpin': {
        const c = deps.softPin;
        // The client directly, not the logged catalogue call: a check is not a call of the dynamic products log.
        return c
          ? {
              call: () => c.listProducts(),
              refused: (e) => (e instanceof SoftPinRefusal ? e.code : null),
              unreachable: (e) => e instanceof SoftPinUnreachable,
            }
          : null;
      }
      case 'flixbus': {
        const c = deps.flixbus;
        // Signs in first (the client's token), so rejected partner credentials show as refused.
        return c
          ? {
              call: () => c.listCities(),
              refused: (e) => (e instanceof FlixbusRefusal ? e.code : null),
              unreachable: (e) => e instanceof FlixbusUnreachable,
            }
          : null;
      }
    }
  }

  async function check(provider: CatalogueProvider): Promise<ProviderHealth> {
    const checkedAt = deps.clock.now().toISOString();
    const c = checks(provider);
    const started = performance.now();
    let state: HealthState = 'ok';
    let detail: string | null = null;
    if (!c) {
      state = 'off';
    } else {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const answered = c.call().then(
        () => 'ok' as const,
        (err: unknown) => err,
      );
      const outcome = await Promise.race([answered, timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') state = 'timeout';
      else if (outcome !== 'ok') {
        detail = c.refused(outcome);
        state = detail !== null ? 'refused' : 'unreachable';
      }
    }
    if (state === 'ok') lastOk.set(provider, checkedAt);
    return {
      provider,
      state,
      checked_at: checkedAt,
      duration_ms: Math.round(performance.now() - started),
      detail,
      last_ok_at: lastOk.get(provider) ?? null,
    };
  }

  /** `/provider_health/`: every provider checked at once, each within the timeout. */
  async function health(): Promise<ProviderHealthAnswer> {
    return { providers: await Promise.all(CATALOGUE_PROVIDERS.map(check)) };
  }

  return { offers, health };
}
export type ProviderCataloguesService = ReturnType<typeof createProviderCataloguesService>;
