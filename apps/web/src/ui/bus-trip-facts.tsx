import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format.ts';

/** What a bus booking holds, as the booking screen and the provider sale's drawer both say it. */
export interface BusTrip {
  trip: { departure: string; arrival: string; line: string };
  seats: number;
  seat_numbers: number[];
  ebikes: number;
  passengers: { first_name: string; last_name: string }[];
}

/** A bus booking's times and line, its seats and e-bikes, and its travellers, one line each. */
export function BusTripFacts({ booking }: { booking: BusTrip }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <>
      <Text size="sm">
        {dateTime(booking.trip.departure)} → {dateTime(booking.trip.arrival)} · {t('flixbus.line')} {booking.trip.line}
      </Text>
      <Text size="sm">
        {t('flixbus.seats')}: {booking.seats}
        {booking.seat_numbers.length > 0 ? ` · ${t('flixbus.seatNumbers')}: ${booking.seat_numbers.join(', ')}` : ''}
        {booking.ebikes > 0 ? ` · ${t('flixbus.ebikes')}: ${booking.ebikes}` : ''}
      </Text>
      {booking.passengers.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: passengers have no id; their order is fixed
        <Text key={i} size="sm">
          {t('flixbus.passenger', { n: i + 1 })}: {p.first_name} {p.last_name}
        </Text>
      ))}
    </>
  );
}
