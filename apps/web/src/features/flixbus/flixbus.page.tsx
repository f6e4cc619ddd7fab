import { Stack } from '@mantine/core';
import type { FlixbusTrip } from '@portal/contract/flixbus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { BookingHistory } from './booking/booking-history.tsx';
import { BookingSteps } from './booking/booking-steps.tsx';
import type { Found } from './booking/found.ts';
import { SearchForm } from './booking/search-form.tsx';
import { SeatStep } from './booking/seat-step.tsx';
import { TripList } from './booking/trip-list.tsx';
import { type FlixbusBooking, useFlixbusCities } from './flixbus.queries.ts';

/**
 * `/flixbus`: cities and date, the day's trips, the trip's seats (chosen or assigned), the passengers, a voucher, the payment, then the booking's
 * status until final and its ticket PDF; below, the shop's bookings with their tickets and cancel. The booking lives at the provider and in the portal until it is paid;
 * only the payment moves money.
 */
export function FlixbusPage() {
  const { t } = useTranslation();
  const cities = useFlixbusCities();
  const [found, setFound] = useState<Found | null>(null);
  const [trip, setTrip] = useState<FlixbusTrip | null>(null);
  const [booking, setBooking] = useState<FlixbusBooking | null>(null);
  const again = () => {
    setFound(null);
    setTrip(null);
    setBooking(null);
  };
  return (
    <>
      <PageHeader title={t('screen.flixbus')} description={t('flixbus.description')} />
      <QueryState query={cities}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('topup.noServices')} />
          ) : (
            <Stack gap="xl">
              {booking ? (
                <BookingSteps booking={booking} onChange={setBooking} onAgain={again} />
              ) : found && trip ? (
                <SeatStep
                  trip={trip}
                  seats={found.seats}
                  ebikes={found.ebikes}
                  onReserved={setBooking}
                  onBack={() => setTrip(null)}
                />
              ) : (
                <Stack gap="lg">
                  <SearchForm cities={list} onFound={setFound} />
                  {found && <TripList {...found} onChosen={setTrip} />}
                </Stack>
              )}
              <BookingHistory />
            </Stack>
          )
        }
      </QueryState>
    </>
  );
}
