import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { SubmitError } from '../../../ui/form-kit.tsx';
import { Money } from '../../../ui/money.tsx';
import { type FlixbusBooking, useFlixbusAction } from '../flixbus.queries.ts';

import type { Found } from './found.ts';

export function TripList({ trips, seats, ebikes, onReserved }: Found & { onReserved: (b: FlixbusBooking) => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const reserve = useFlixbusAction('reserve');
  if (trips.length === 0) return <EmptyState title={t('flixbus.noTrips')} />;
  return (
    <Stack gap="sm">
      <SubmitError error={reserve.error} />
      {trips.map((trip) => (
        <Card key={trip.uid} withBorder radius="md" padding="md" data-testid="flixbus-trip">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={600}>
                {dateTime(trip.departure)} → {dateTime(trip.arrival)}
              </Text>
              <Text size="sm" c="dimmed">
                {trip.from} → {trip.to} · {t('flixbus.line')} {trip.line}
              </Text>
              <Group gap="xs">
                <Badge variant="light" color={trip.available_seats > 0 ? 'teal' : 'red'}>
                  {t('flixbus.seatsLeft', { count: trip.available_seats })}
                </Badge>
                <Badge variant="light" color={trip.ebike_allowed ? 'blue' : 'gray'}>
                  {t(trip.ebike_allowed ? 'flixbus.ebikeAllowed' : 'flixbus.ebikeNotAllowed')}
                </Badge>
              </Group>
            </Stack>
            <Group gap="md">
              <Text>
                <Money amount={trip.price_per_seat} /> {t('flixbus.perSeat')}
              </Text>
              <Button
                loading={reserve.isPending && reserve.variables?.trip_uid === trip.uid}
                onClick={() =>
                  reserve.mutate(
                    { trip_uid: trip.uid, seats, ebikes },
                    { onSuccess: (r) => r.booking && onReserved(r.booking) },
                  )
                }
              >
                {t('flixbus.choose')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
