import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type FlixbusCity,
  type FlixbusTrip,
  flixbusPassengersBody,
  flixbusSearchBody,
  flixbusVoucherBody,
} from '@portal/contract/flixbus';
import { IconAlertTriangle, IconBus, IconCircleCheck, IconClock, IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ApiForm, FormSection, SubmitError } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import {
  type FlixbusBooking,
  fetchTransactionKey,
  phoneE164,
  saveTicket,
  useBookingStatus,
  useFlixbusAction,
  useFlixbusCities,
} from './flixbus.queries.ts';

interface Found {
  trips: FlixbusTrip[];
  seats: number;
  ebikes: number;
}

/**
 * `/flixbus`: cities and date, the day's trips, seats and passengers, a voucher, the payment, then the booking's
 * status until final and its ticket PDF. The booking lives at the provider and in the portal until it is paid;
 * only the payment moves money.
 */
export function FlixbusPage() {
  const { t } = useTranslation();
  const cities = useFlixbusCities();
  const [found, setFound] = useState<Found | null>(null);
  const [booking, setBooking] = useState<FlixbusBooking | null>(null);
  const again = () => {
    setFound(null);
    setBooking(null);
  };
  return (
    <>
      <PageHeader title={t('screen.flixbus')} description={t('flixbus.description')} />
      <QueryState query={cities}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('topup.noServices')} />
          ) : booking ? (
            <BookingSteps booking={booking} onChange={setBooking} onAgain={again} />
          ) : (
            <Stack gap="lg">
              <SearchForm cities={list} onFound={setFound} />
              {found && <TripList {...found} onReserved={setBooking} />}
            </Stack>
          )
        }
      </QueryState>
    </>
  );
}

function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type SearchValues = { from: string; to: string; date: string; seats: number | string; ebikes: number | string };

const searchBody = (v: SearchValues) => ({
  action: 'search' as const,
  from_city_id: v.from ? Number(v.from) : undefined,
  to_city_id: v.to ? Number(v.to) : undefined,
  date: v.date,
  seats: Number(v.seats) || 1,
});

function SearchForm({ cities, onFound }: { cities: FlixbusCity[]; onFound: (f: Found) => void }) {
  const { t } = useTranslation();
  const search = useFlixbusAction('search');
  const form = useForm<SearchValues>({
    initialValues: { from: '', to: '', date: tomorrow(), seats: 1, ebikes: 0 },
    // The contract's own check (cities required and different, a date, 1–9 seats), as the server applies it.
    validate: zodValidate(flixbusSearchBody, t, {
      toBody: searchBody,
      messages: { 'to_city_id.different_cities': 'flixbus.sameCity', date: 'form.required' },
      field: (path) => ({ from_city_id: 'from', to_city_id: 'to' })[path] ?? path,
    }),
  });
  const data = cities.map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <ApiForm
      form={form}
      mutation={search}
      submitLabel={t('flixbus.search')}
      toInput={(v) => {
        const { action: _, ...body } = searchBody(v);
        return { ...body, from_city_id: body.from_city_id ?? 0, to_city_id: body.to_city_id ?? 0 };
      }}
      onSuccess={(r) =>
        onFound({
          trips: r.trips ?? [],
          seats: Number(form.values.seats) || 1,
          ebikes: Number(form.values.ebikes) || 0,
        })
      }
    >
      <FormSection title={t('flixbus.trips')} cols={3}>
        <Select label={t('flixbus.from')} data={data} searchable {...form.getInputProps('from')} />
        <Select label={t('flixbus.to')} data={data} searchable {...form.getInputProps('to')} />
        <TextInput type="date" label={t('flixbus.date')} {...form.getInputProps('date')} />
        <NumberInput label={t('flixbus.seats')} min={1} max={9} allowDecimal={false} {...form.getInputProps('seats')} />
        <NumberInput
          label={t('flixbus.ebikes')}
          min={0}
          max={9}
          allowDecimal={false}
          {...form.getInputProps('ebikes')}
        />
      </FormSection>
    </ApiForm>
  );
}

function TripList({ trips, seats, ebikes, onReserved }: Found & { onReserved: (b: FlixbusBooking) => void }) {
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

/** The booking from its reservation to its ticket. */
function BookingSteps({
  booking,
  onChange,
  onAgain,
}: {
  booking: FlixbusBooking;
  onChange: (b: FlixbusBooking) => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  if (booking.status === 'paid') return <BookingProgress initial={booking} onAgain={onAgain} />;
  if (booking.status === 'cancelled') {
    return (
      <Stack gap="md">
        <Alert color="gray" role="status">
          {t('flixbus.cancelled')}
        </Alert>
        <Group>
          <Button onClick={onAgain}>{t('flixbus.again')}</Button>
        </Group>
      </Stack>
    );
  }
  const complete = booking.passengers.length === booking.seats && booking.contact_phone !== null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <BookingSummary booking={booking} />
      {complete ? (
        <PaymentPanel booking={booking} onChange={onChange} />
      ) : (
        <PassengersForm booking={booking} onChange={onChange} />
      )}
    </SimpleGrid>
  );
}

function BookingSummary({ booking }: { booking: FlixbusBooking }) {
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
        <Text size="sm">
          {dateTime(booking.trip.departure)} → {dateTime(booking.trip.arrival)} · {t('flixbus.line')}{' '}
          {booking.trip.line}
        </Text>
        <Text size="sm">
          {t('flixbus.seats')}: {booking.seats}
          {booking.ebikes > 0 ? ` · ${t('flixbus.ebikes')}: ${booking.ebikes}` : ''}
        </Text>
        {booking.passengers.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: passengers have no id; their order is fixed
          <Text key={i} size="sm">
            {t('flixbus.passenger', { n: i + 1 })}: {p.first_name} {p.last_name}
          </Text>
        ))}
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

type PassengerValues = { passengers: { first_name: string; last_name: string }[]; contact_phone: string };

function PassengersForm({ booking, onChange }: { booking: FlixbusBooking; onChange: (b: FlixbusBooking) => void }) {
  const { t } = useTranslation();
  const save = useFlixbusAction('passengers');
  const toBody = (v: PassengerValues) => ({
    action: 'passengers' as const,
    booking_id: booking.booking_id,
    passengers: v.passengers.map((p) => ({ first_name: p.first_name.trim(), last_name: p.last_name.trim() })),
    contact_phone: phoneE164(v.contact_phone) ?? v.contact_phone,
  });
  const form = useForm<PassengerValues>({
    initialValues: {
      passengers: Array.from({ length: booking.seats }, () => ({ first_name: '', last_name: '' })),
      contact_phone: '',
    },
    validate: zodValidate(flixbusPassengersBody, t, {
      toBody,
      messages: { contact_phone: 'flixbus.invalidPhone', 'contact_phone.required': 'form.required' },
    }),
  });
  return (
    <ApiForm
      form={form}
      mutation={save}
      submitLabel={t('flixbus.savePassengers')}
      toInput={(v) => {
        const { action: _, ...body } = toBody(v);
        return body;
      }}
      onSuccess={(r) => r.booking && onChange(r.booking)}
    >
      <FormSection title={t('flixbus.passengers')}>
        {form.values.passengers.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one row per seat, never reordered
          <Group key={i} grow align="flex-start" style={{ gridColumn: '1 / -1' }}>
            <TextInput
              label={`${t('flixbus.passenger', { n: i + 1 })} · ${t('flixbus.firstName')}`}
              autoComplete="off"
              {...form.getInputProps(`passengers.${i}.first_name`)}
            />
            <TextInput
              label={t('flixbus.lastName')}
              autoComplete="off"
              {...form.getInputProps(`passengers.${i}.last_name`)}
            />
          </Group>
        ))}
        <TextInput
          label={t('flixbus.contactPhone')}
          description={t('flixbus.contactPhoneHint')}
          inputMode="tel"
          autoComplete="off"
          {...form.getInputProps('contact_phone')}
        />
      </FormSection>
    </ApiForm>
  );
}

/** The voucher, then the payment under one transaction key (pressing again after a lost answer pays once). */
function PaymentPanel({ booking, onChange }: { booking: FlixbusBooking; onChange: (b: FlixbusBooking) => void }) {
  const { t } = useTranslation();
  const voucher = useFlixbusAction('voucher');
  const pay = useFlixbusAction('pay');
  const cancel = useFlixbusAction('cancel');
  const key = useRef<Promise<string> | null>(null);
  const [keyError, setKeyError] = useState<unknown>(null);
  const voucherBody = (v: { code: string }) => ({
    action: 'voucher' as const,
    booking_id: booking.booking_id,
    code: v.code.trim(),
  });
  const form = useForm({
    initialValues: { code: '' },
    validate: zodValidate(flixbusVoucherBody, t, { toBody: voucherBody }),
  });
  const confirm = async () => {
    let transactionKey: string;
    try {
      key.current ??= fetchTransactionKey();
      transactionKey = await key.current;
    } catch (err) {
      key.current = null;
      setKeyError(err);
      return;
    }
    setKeyError(null);
    pay.mutate(
      { booking_id: booking.booking_id, transaction_key: transactionKey },
      { onSuccess: (r) => r.booking && onChange(r.booking) },
    );
  };
  return (
    <Stack gap="lg">
      {!booking.voucher && (
        <ApiForm
          form={form}
          mutation={voucher}
          submitLabel={t('flixbus.applyVoucher')}
          toInput={(v) => {
            const { action: _, ...body } = voucherBody(v);
            return body;
          }}
          onSuccess={(r) => r.booking && onChange(r.booking)}
        >
          <FormSection title={t('flixbus.voucher')} cols={1}>
            <TextInput label={t('flixbus.voucher')} autoComplete="off" {...form.getInputProps('code')} />
          </FormSection>
        </ApiForm>
      )}
      <SubmitError error={pay.error ?? keyError ?? cancel.error} />
      <Group justify="flex-end">
        <Button
          variant="default"
          loading={cancel.isPending}
          disabled={pay.isPending}
          onClick={() =>
            cancel.mutate({ booking_id: booking.booking_id }, { onSuccess: (r) => r.booking && onChange(r.booking) })
          }
        >
          {t('flixbus.cancel')}
        </Button>
        <Button onClick={confirm} loading={pay.isPending} disabled={cancel.isPending}>
          {t('flixbus.pay')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A paid booking until its payment is final; the ticket downloads once it is confirmed. */
function BookingProgress({ initial, onAgain }: { initial: FlixbusBooking; onAgain: () => void }) {
  const { t } = useTranslation();
  const status = useBookingStatus(initial);
  const booking = status.data ?? initial;
  const sale = booking.sale;
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [downloading, setDownloading] = useState(false);
  const outcome = sale?.status ?? 'pending';
  const colour = outcome === 'successful' ? 'teal' : outcome === 'pending' ? 'blue' : 'red';
  const Icon = outcome === 'successful' ? IconCircleCheck : outcome === 'pending' ? IconClock : IconAlertTriangle;
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await saveTicket(booking.booking_id);
    } catch (err) {
      setDownloadError(err);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <BookingSummary booking={booking} />
      <Stack gap="md">
        <Alert color={colour} icon={<Icon size={18} />} role="status" title={t(`flixbus.outcome.${outcome}`)}>
          {booking.ticket_code && (
            <Text>
              {t('flixbus.ticketCode')}: <strong data-testid="ticket-code">{booking.ticket_code}</strong>
            </Text>
          )}
        </Alert>
        <SubmitError error={status.error ?? downloadError} />
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconBus size={16} />} onClick={onAgain}>
            {t('flixbus.again')}
          </Button>
          {outcome === 'successful' && (
            <Button leftSection={<IconDownload size={16} />} loading={downloading} onClick={download}>
              {t('flixbus.download')}
            </Button>
          )}
        </Group>
      </Stack>
    </SimpleGrid>
  );
}
