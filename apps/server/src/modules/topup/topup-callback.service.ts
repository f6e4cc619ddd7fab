import { safeEqual } from '../../platform/crypto.ts';
import { notFound } from '../../platform/errors.ts';
import type { ProviderSalesService } from '../provider-sales/provider-sales.service.ts';
import type { TopupSalesService } from './topup-sales.service.ts';

export interface DtOneCallbackConfig {
  /** The portal's address as DT One reaches it. */
  baseUrl: string;
  secret: string;
}

/** The address DT One calls back: the secret in the query string, which the request log leaves out. */
export function dtOneCallbackUrl(config: DtOneCallbackConfig): string {
  return `${config.baseUrl.replace(/\/$/, '')}/api/dt_one_callback/?token=${encodeURIComponent(config.secret)}`;
}

/**
 * DT One's callbacks (decision 0080). DT One does not sign them, so a callback is only a hint: it names a
 * transaction, and the portal asks DT One for that transaction's status itself (`advance`), exactly as the poll
 * job would. The body's status is never read. A wrong secret is answered like an unknown route.
 */
export function createTopupCallbackService(deps: {
  config: DtOneCallbackConfig;
  providerSales: Pick<ProviderSalesService, 'findByProviderIds'>;
  sales: Pick<TopupSalesService, 'advance'>;
}) {
  const { config, providerSales, sales } = deps;

  async function receive(token: string, body: { id?: number; external_id?: string }): Promise<void> {
    if (!safeEqual(token, config.secret)) throw notFound('Route');
    const sale = await providerSales.findByProviderIds('dtone', {
      transactionId: body.id,
      externalId: body.external_id,
    });
    // A finished sale is asked again too: a callback after COMPLETED may announce a reversal.
    if (sale && sale.status !== 'failed' && sale.status !== 'refunded') {
      await sales.advance(sale.id, sale.status === 'successful' ? { watch: 0 } : {});
    }
  }

  return { receive };
}
export type TopupCallbackService = ReturnType<typeof createTopupCallbackService>;
