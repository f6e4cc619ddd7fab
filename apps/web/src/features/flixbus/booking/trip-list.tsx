import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { FlixbusTrip } from '@portal/contract/flixbus';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Money } from '../../../ui/money.tsx';
import type { Found } from './found.ts';

/** The day's trips; choosing one leads to its seats. */
export function TripList({ trips, onChosen }: Found & { onChosen: (trip: FlixbusTrip) => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  if (trips.length === 0) return <EmptyState title={t('flixbus.noTrips')} />;
  return (
    <Stack gap="sm">
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
              <Button onClick={() => onChosen(trip)}>{t('flixbus.choose')}</Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
