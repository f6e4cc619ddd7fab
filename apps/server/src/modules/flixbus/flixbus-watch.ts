import type { Clock } from '../../platform/clock.ts';
import type { ProviderSaleFlow } from '../provider-sales/provider-sale-flow.ts';
import type { FlixbusRepository } from './flixbus.repository.ts';

/** Confirmed tickets asked about per run of the paid-ticket watch: 600 an hour at one run each ten minutes. */
const PAID_WATCH_PAGE = 100;

/**
 * The paid-ticket watch (decision 0103): a provider may cancel a confirmed ticket at any time before departure, later
 * than the reversal watch's last look (1 h) and without telling us. Each run asks about one page of confirmed tickets
 * not yet departed, least recently asked first, so every ticket is asked in turn; a cancellation is refunded through
 * the settlement (once, however often it is seen). Each is marked before it is asked, so a provider that does not
 * answer about one ticket does not keep the others from their turn.
 */
export function createPaidTicketWatch(deps: {
  bookings: Pick<FlixbusRepository, 'findPaidToWatch' | 'update'>;
  advance: ProviderSaleFlow['advance'];
  clock: Clock;
  provider: string;
}) {
  const { bookings, advance, clock, provider } = deps;
  return async function watchPaid(limit = PAID_WATCH_PAGE): Promise<number> {
    const due = await bookings.findPaidToWatch(provider, clock.now(), limit);
    for (const d of due) {
      await bookings.update(d.bookingId, { checkedAt: clock.now() });
      await advance(d.saleId, { watch: 0 });
    }
    return due.length;
  };
}
