import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { BusTripFacts } from '../../../ui/bus-trip-facts.tsx';
import { Money } from '../../../ui/money.tsx';
import type { FlixbusBooking } from '../flixbus.queries.ts';

/** What was reserved: the trip, the seats, the price and the passengers so far. */
export function BookingSummary({ booking }: { booking: FlixbusBooking }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={4}>
        <Title order={2} fz="h4">
          {t('flixbus.summary')}
        </Title>
        <Text fw={600}>
          {booking.trip.from} → {booking.trip.to}
        </Text>
        <BusTripFacts booking={booking} />
        {booking.voucher && (
          <Text size="sm">
            {t('flixbus.voucher')}: {booking.voucher}
          </Text>
        )}
        <Text size="sm">
          {t('flixbus.total')}: <Money amount={booking.total_price} currency={booking.currency} />
        </Text>
        {booking.price !== null && (
          <Text size="sm" fw={600}>
            {t('flixbus.yourPrice')}: <Money amount={booking.price} />
          </Text>
        )}
        {booking.status === 'reserved' && (
          <Text size="xs" c="dimmed">
            {t('flixbus.heldUntil', { time: dateTime(booking.expires_at) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
