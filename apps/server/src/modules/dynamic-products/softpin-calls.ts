import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type SoftPinClient,
  type SoftPinOrder,
  type SoftPinProduct,
  SoftPinRefusal,
  SoftPinUnreachable,
} from '../../providers/softpin/client.ts';
import type { DynamicProductsRepository } from './dynamic-products.repository.ts';

export const PROVIDER = 'softpin';

/** What a line of the provider log names besides the call: the sale, its shop, its order and product. */
export type LogContext = { saleId?: number; customerId?: number; externalId?: string; providerProductId?: number };

type OrderAnswer =
  | Pick<SoftPinOrder, 'status' | 'pin' | 'serial' | 'reference' | 'product_id'>
  | {
      status: 'REJECTED';
      pin: null;
      serial: null;
      reference: string;
    };

/** The soft-pin provider's calls (decision 0104), each written to the provider log as it ends. */
export function createSoftPinCalls(deps: {
  products: Pick<DynamicProductsRepository, 'insertLog'>;
  provider: SoftPinClient;
  clock: Clock;
}) {
  const { products, provider, clock } = deps;

  /** Every call to the provider leaves a line in the log: what was asked and what came of it, never a PIN. */
  async function logged<T>(
    action: 'catalogue' | 'order' | 'status',
    ctx: LogContext,
    run: () => Promise<T>,
    statusOf: (t: T) => string | null,
    opts: { quietSuccess?: boolean } = {},
  ): Promise<T> {
    const started = Date.now();
    const write = (outcome: string, providerStatus: string | null, message: string | null) =>
      products.insertLog({
        provider: PROVIDER,
        action,
        outcome,
        saleId: ctx.saleId ?? null,
        customerId: ctx.customerId ?? null,
        externalId: ctx.externalId ?? null,
        providerProductId: ctx.providerProductId ?? null,
        providerStatus,
        message,
        durationMs: Date.now() - started,
        createdAt: clock.now(),
      });
    try {
      const r = await run();
      if (!opts.quietSuccess) await write('ok', statusOf(r), null);
      return r;
    } catch (err) {
      if (err instanceof SoftPinRefusal) await write('refused', err.code, `HTTP ${err.httpStatus}`);
      else if (err instanceof SoftPinUnreachable)
        await write('unreachable', null, 'No answer in time, or no usable answer');
      throw err;
    }
  }

  /** The provider's catalogue; a provider that does not answer is the caller's `provider_unavailable`. */
  async function catalogueOf(ctx: LogContext = {}): Promise<SoftPinProduct[]> {
    try {
      return await logged(
        'catalogue',
        ctx,
        () => provider.listProducts(),
        (p) => `${p.length} products`,
        { quietSuccess: true },
      );
    } catch (err) {
      if (err instanceof SoftPinUnreachable || err instanceof SoftPinRefusal) {
        throw new AppError('provider_unavailable', 'The soft-pin provider did not answer');
      }
      throw err;
    }
  }

  /** An order as the provider has it now (null: the provider has none under its external id). */
  const readOrder = (externalId: string, ctx: LogContext) =>
    logged(
      'status',
      ctx,
      () => provider.getOrder(externalId),
      (o) => o?.status ?? 'not found',
    );

  /**
   * Orders the PIN; an order the provider refuses outright is `REJECTED` (nothing was sold). On `409
   * external_id_conflict` the provider holds an order under the sale's external id for another product: it is this
   * sale's only if its product is the sale's (the product fixes the amount: the order carries no price of its own),
   * else `conflict` — the sale is held for the superadmin like DT One's 1007001 mismatch, never settled on an order
   * that is not its own.
   */
  async function sendOrder(
    sale: { externalId: string; productId: number },
    ctx: LogContext,
  ): Promise<OrderAnswer | { status: 'CONFLICT'; foundProductId: number }> {
    try {
      return await logged(
        'order',
        ctx,
        () => provider.createOrder({ externalId: sale.externalId, productId: sale.productId }),
        (o) => o.status,
      );
    } catch (err) {
      if (!(err instanceof SoftPinRefusal)) throw err;
      if (err.httpStatus === 409) {
        const found = await readOrder(sale.externalId, ctx);
        if (found && found.product_id !== sale.productId) {
          return { status: 'CONFLICT', foundProductId: found.product_id };
        }
        if (found) return found;
      }
      return { status: 'REJECTED' as const, pin: null, serial: null, reference: '' };
    }
  }

  return { catalogueOf, readOrder, sendOrder };
}
export type SoftPinCalls = ReturnType<typeof createSoftPinCalls>;
