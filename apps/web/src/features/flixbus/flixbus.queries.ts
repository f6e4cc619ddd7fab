import type { FlixbusApiInput, FlixbusBooking } from '@portal/contract/flixbus';
import { useMutation, useQuery } from '@tanstack/react-query';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { saveFile } from '../../lib/upload.ts';
import { useInvalidateAfterPurchase } from '../selling/selling.queries.ts';
import { isFinal } from '../topup/topup.queries.ts';

export { fetchTransactionKey } from '../topup/topup.queries.ts';
export type { FlixbusBooking };

export const flixbusKeys = {
  all: ['flixbus'] as const,
  cities: () => [...flixbusKeys.all, 'cities'] as const,
  booking: (id: number) => [...flixbusKeys.all, 'booking', id] as const,
};

/** A phone number as typed (German numbers without their country code) in E.164, or null when it is none. */
export function phoneE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'DE');
  return parsed?.isValid() ? parsed.number : null;
}

/** The cities the provider serves (empty: bus tickets are not offered). */
export function useFlixbusCities() {
  return useQuery({
    queryKey: flixbusKeys.cities(),
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => api.get('/get_flixbus_cities/', undefined, { abort: signal }).then((d) => d.cities),
  });
}

/** One action of `/flixbus_api/`; a payment refreshes the balance shown whatever the answer. */
export function useFlixbusAction<A extends FlixbusApiInput['action']>(action: A) {
  const { user } = useSessionCustomer();
  const invalidatePurchase = useInvalidateAfterPurchase();
  return useMutation({
    mutationFn: (body: Omit<Extract<FlixbusApiInput, { action: A }>, 'action'>) =>
      api.call('/flixbus_api/', { ...body, action } as unknown as FlixbusApiInput),
    onSettled: async () => {
      if (action === 'pay' && user !== undefined) await invalidatePurchase(user);
    },
  });
}

function useSessionCustomer() {
  const { user } = useSession();
  return { user: user?.customer_id };
}

/** A paid booking asked again every two seconds until its payment is final. */
export function useBookingStatus(initial: FlixbusBooking) {
  return useQuery({
    queryKey: flixbusKeys.booking(initial.booking_id),
    initialData: initial,
    refetchInterval: (q) => (!q.state.data?.sale || isFinal(q.state.data.sale.status) ? false : 2_000),
    queryFn: ({ signal }) =>
      api
        .call('/flixbus_api/', { action: 'order', booking_id: initial.booking_id }, { abort: signal })
        .then((d) => d.booking ?? initial),
  });
}

/** Saves the ticket PDF under the name the server gives. */
export function saveTicket(bookingId: number): Promise<void> {
  return saveFile(`/flixbus_api/ticket/${bookingId}/`, { fileName: `bus-ticket-${bookingId}.pdf`, serverName: true });
}
