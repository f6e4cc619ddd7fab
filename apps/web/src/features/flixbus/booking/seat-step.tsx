import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FlixbusTrip } from '@portal/contract/flixbus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { SubmitError } from '../../../ui/form-kit.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { type FlixbusBooking, useFlixbusAction, useSeatMap } from '../flixbus.queries.ts';

/** The seats of one bus row: two, the aisle, two. */
const ROW = 4;

/**
 * Between the trip and the passengers: the trip's seats to choose exactly one per passenger, or none and the
 * provider assigns free ones. A seat taken meanwhile is refused by the provider; the map is then asked again.
 */
export function SeatStep({
  trip,
  seats,
  ebikes,
  onReserved,
  onBack,
}: {
  trip: FlixbusTrip;
  seats: number;
  ebikes: number;
  onReserved: (b: FlixbusBooking) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const map = useSeatMap(trip.uid);
  const reserve = useFlixbusAction('reserve');
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (n: number) =>
    setChosen((c) => (c.includes(n) ? c.filter((x) => x !== n) : c.length < seats ? [...c, n] : c));
  const book = (seatNumbers?: number[]) =>
    reserve.mutate(
      { trip_uid: trip.uid, seats, ebikes, seat_numbers: seatNumbers },
      {
        onSuccess: (r) => r.booking && onReserved(r.booking),
        // A seat taken meanwhile: the map again, the seats still free stay chosen.
        onError: () =>
          map.refetch().then((m) => {
            const free = new Set(m.data?.seats.filter((s) => s.free).map((s) => s.number));
            setChosen((c) => c.filter((n) => free.has(n)));
          }),
      },
    );
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {t('flixbus.chooseSeats')}
          </Title>
          <Text size="sm" c="dimmed">
            {trip.from} → {trip.to} · {dateTime(trip.departure)} · {t('flixbus.line')} {trip.line}
          </Text>
        </Stack>
        <QueryState query={map}>
          {(m) =>
            m.seats.length === 0 ? (
              <EmptyState title={t('flixbus.noSeatMap')} />
            ) : (
              <Stack gap="sm">
                <Text size="sm" aria-live="polite">
                  {t('flixbus.seatsChosen', { count: seats, chosen: chosen.length })}
                </Text>
                <SimpleGrid cols={ROW} spacing="xs" maw={320} role="group" aria-label={t('flixbus.seatMap')}>
                  {m.seats.map((s) => {
                    const on = chosen.includes(s.number);
                    const state = on ? 'chosen' : s.free ? 'free' : 'taken';
                    return (
                      <Button
                        key={s.number}
                        size="xs"
                        variant={on ? 'filled' : s.free ? 'light' : 'default'}
                        color={on ? 'teal' : undefined}
                        disabled={!s.free}
                        aria-pressed={on}
                        aria-label={t('flixbus.seatLabel', { n: s.number, state: t(`flixbus.seatState.${state}`) })}
                        data-testid="flixbus-seat"
                        onClick={() => toggle(s.number)}
                      >
                        {s.number}
                      </Button>
                    );
                  })}
                </SimpleGrid>
              </Stack>
            )
          }
        </QueryState>
        <SubmitError error={reserve.error} />
        <Group>
          <Button
            disabled={chosen.length !== seats}
            loading={reserve.isPending && reserve.variables?.seat_numbers !== undefined}
            onClick={() => book([...chosen].sort((a, b) => a - b))}
          >
            {t('flixbus.reserveSeats')}
          </Button>
          <Button
            variant="light"
            loading={reserve.isPending && reserve.variables?.seat_numbers === undefined}
            onClick={() => book()}
          >
            {t('flixbus.assignSeats')}
          </Button>
          <Button variant="subtle" onClick={onBack}>
            {t('flixbus.otherTrip')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
