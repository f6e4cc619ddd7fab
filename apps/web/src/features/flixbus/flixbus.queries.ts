import type { FlixbusApiInput, FlixbusBooking } from '@portal/contract/flixbus';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { saveFile } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';
import { useInvalidateAfterPurchase } from '../selling/selling.queries.ts';
import { isFinal } from '../topup/topup.queries.ts';

export { fetchTransactionKey } from '../topup/topup.queries.ts';
export type { FlixbusBooking };

export const flixbusKeys = {
  all: ['flixbus'] as const,
  cities: () => [...flixbusKeys.all, 'cities'] as const,
  booking: (id: number) => [...flixbusKeys.all, 'booking', id] as const,
  seatMap: (tripUid: string) => [...flixbusKeys.all, 'seat-map', tripUid] as const,
  list: () => [...flixbusKeys.all, 'list'] as const,
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

/** A trip's seats, free or taken; asked again each time the seat step opens, seats go fast. */
export function useSeatMap(tripUid: string) {
  return useQuery({
    queryKey: flixbusKeys.seatMap(tripUid),
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const data = await api.call('/flixbus_api/', { action: 'seat_map', trip_uid: tripUid }, { abort: signal });
      if (!data.seat_map) throw new Error('The seat map is missing from the answer');
      return data.seat_map;
    },
  });
}

/**
 * One action of `/flixbus_api/`; the bookings shown are asked again after it, and a payment or a cancel (a paid
 * ticket's refund) refreshes the balance shown whatever the answer.
 */
export function useFlixbusAction<A extends FlixbusApiInput['action']>(action: A) {
  const { user } = useSessionCustomer();
  const queryClient = useQueryClient();
  const invalidatePurchase = useInvalidateAfterPurchase();
  return useMutation({
    mutationFn: (body: Omit<Extract<FlixbusApiInput, { action: A }>, 'action'>) =>
      api.call('/flixbus_api/', { ...body, action } as unknown as FlixbusApiInput),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: flixbusKeys.list() }),
        queryClient.invalidateQueries({ queryKey: [...flixbusKeys.all, 'booking'] }),
        queryClient.invalidateQueries({ queryKey: [...flixbusKeys.all, 'seat-map'] }),
      ]);
      if ((action === 'pay' || action === 'cancel') && user !== undefined) await invalidatePurchase(user);
    },
  });
}

/** A page of the shop's bookings, newest first (staff see their own). */
export async function findBookings({
  page,
  limit,
  abort,
}: PageRequest<Record<string, string>>): Promise<PageResult<FlixbusBooking>> {
  const data = await api.call('/flixbus_api/', { action: 'list', page, limit }, { abort });
  if (!data.bookings) throw new Error('The list of bookings is missing from the answer');
  return { items: data.bookings.bookings, filters: data.bookings.filters };
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

/** The ticket's download button state: saving, and what refused it. */
export function useTicketDownload(bookingId: number) {
  const save = useMutation({ mutationFn: () => saveTicket(bookingId) });
  return { download: () => save.mutate(), downloading: save.isPending, error: save.error };
}

/** Where a booking stands for the shop: before payment its own status (a lapsed hold expired), after it the sale's. */
export type BookingState = 'reserved' | 'expired' | 'cancelled' | NonNullable<FlixbusBooking['sale']>['status'];

export function bookingState(b: FlixbusBooking, now: Date): BookingState {
  if (b.status === 'paid') return b.sale?.status ?? 'pending';
  if (b.status === 'failed' || b.status === 'refunded') return b.status;
  if (b.status === 'reserved' && Date.parse(b.expires_at) <= now.getTime()) return 'expired';
  return b.status;
}

/** A held reservation, or a confirmed ticket (refunded if the provider still takes the cancel). */
export const cancellable = (state: BookingState) => state === 'reserved' || state === 'successful';
