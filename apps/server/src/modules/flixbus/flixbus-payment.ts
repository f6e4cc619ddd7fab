import type { TopupStatus } from '@portal/contract/topup';
import { notFound } from '../../platform/errors.ts';
import {
  type FlixbusClient,
  type FlixbusOrder,
  type FlixbusOrderStatus,
  FlixbusRefusal,
} from '../../providers/flixbus/client.ts';
import type { ProviderStep } from '../provider-sales/provider-sale-flow.ts';
import type { ProviderSaleRow } from '../provider-sales/provider-sales.service.ts';
import type { FlixbusRepository } from './flixbus.repository.ts';

/**
 * The provider's order statuses as the spec's results. `REJECTED` is the portal's own: the provider refused to
 * start the payment (the reservation expired or was cancelled), so nothing was sold.
 */
const STATUS_OF: Record<FlixbusOrderStatus | 'REJECTED', TopupStatus> = {
  PENDING: 'pending',
  CONFIRMED: 'successful',
  CANCELLED: 'failed',
  EXPIRED: 'failed',
  REFUNDED: 'refunded',
  REJECTED: 'failed',
};

type Answered = Pick<FlixbusOrder, 'ticket_code'> & { status: FlixbusOrderStatus | 'REJECTED' };

export const flixbusStatusOf = (s: string): TopupStatus => STATUS_OF[s as FlixbusOrderStatus | 'REJECTED'];

/** The payment's step of the shared flow: pays the reservation if no answer was recorded, else reads the order. */
export function flixbusStep(provider: FlixbusClient, bookings: FlixbusRepository): ProviderStep {
  return async (sale, settle) => {
    const answer =
      sale.providerStatus === null
        ? await payAtProvider(provider, bookings, sale)
        : await provider.getOrder(sale.externalId);
    if (!answer) return sale.status;
    return settle({ statusName: answer.status, operator_reference: answer.ticket_code });
  };
}

/** Starts and commits the payment; a payment whose answer was lost is found by its external id first. */
async function payAtProvider(
  provider: FlixbusClient,
  bookings: FlixbusRepository,
  sale: ProviderSaleRow,
): Promise<Answered | null> {
  const booking = await bookings.findById(sale.productId);
  if (!booking) throw notFound('Booking');
  let order = await provider.getOrder(sale.externalId);
  if (!order) {
    try {
      await provider.startPayment(booking.reservationId, sale.externalId);
    } catch (err) {
      if (!(err instanceof FlixbusRefusal)) throw err;
      // A concurrent step started it first; anything else means the reservation can no longer be paid.
      if (err.httpStatus !== 409 || err.code !== 'duplicate_external_id') {
        return { status: 'REJECTED', ticket_code: null };
      }
    }
    order = await provider.getOrder(sale.externalId);
    if (!order) return null;
  }
  if (order.status !== 'PENDING') return order;
  try {
    return await provider.commitPayment(booking.reservationId, order.payment_id);
  } catch (err) {
    if (!(err instanceof FlixbusRefusal)) throw err;
    return provider.getOrder(sale.externalId);
  }
}
