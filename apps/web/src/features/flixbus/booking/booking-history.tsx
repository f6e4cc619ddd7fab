import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateTime } from '../../../ui/date-time.tsx';
import { SubmitError } from '../../../ui/form-kit.tsx';
import { Money } from '../../../ui/money.tsx';
import { TopupStatusBadge } from '../../../ui/topup-status-badge.tsx';
import {
  type BookingState,
  bookingState,
  cancellable,
  type FlixbusBooking,
  findBookings,
  flixbusKeys,
  useFlixbusAction,
  useTicketDownload,
} from '../flixbus.queries.ts';

const NO_FILTERS: Record<string, string> = {};
const BEFORE_PAYMENT = { reserved: 'blue', expired: 'gray', cancelled: 'gray' } as const;
type BeforePayment = keyof typeof BEFORE_PAYMENT;
const beforePayment = (s: BookingState): s is BeforePayment => s in BEFORE_PAYMENT;

function BookingStateBadge({ state }: { state: BookingState }) {
  const { t } = useTranslation();
  if (!beforePayment(state)) return <TopupStatusBadge status={state} />;
  return (
    <Badge variant="light" color={BEFORE_PAYMENT[state]}>
      {t(`flixbus.states.${state}`)}
    </Badge>
  );
}

/** The ticket of a confirmed booking, and the cancel of one the shop may still cancel. */
function BookingActions({ booking, onCancel }: { booking: FlixbusBooking; onCancel: (b: FlixbusBooking) => void }) {
  const { t } = useTranslation();
  const { download, downloading, error } = useTicketDownload(booking.booking_id);
  const state = bookingState(booking, new Date());
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        {state === 'successful' && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} />}
            loading={downloading}
            onClick={download}
          >
            {t('flixbus.ticket')}
          </Button>
        )}
        {cancellable(state) && (
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            leftSection={<IconX size={14} />}
            onClick={() => onCancel(booking)}
          >
            {t('flixbus.cancelShort')}
          </Button>
        )}
      </Group>
      <SubmitError error={error} />
    </Stack>
  );
}

function columns(t: TFunction, onCancel: (b: FlixbusBooking) => void): Column<FlixbusBooking>[] {
  return [
    { key: 'departure', header: t('flixbus.departure'), render: (b) => <DateTime value={b.trip.departure} /> },
    {
      key: 'route',
      header: t('flixbus.route'),
      render: (b) => (
        <>
          <Text size="sm">
            {b.trip.from} → {b.trip.to}
          </Text>
          <Text size="xs" c="dimmed">
            {b.trip.line}
            {b.ticket_code ? ` · ${b.ticket_code}` : ''}
          </Text>
        </>
      ),
    },
    { key: 'seats', header: t('flixbus.seats'), align: 'right', render: (b) => b.seats },
    {
      key: 'price',
      header: t('flixbus.yourPrice'),
      align: 'right',
      render: (b) => (b.price === null ? '—' : <Money amount={b.price} />),
    },
    {
      key: 'status',
      header: t('topup.status'),
      render: (b) => <BookingStateBadge state={bookingState(b, new Date())} />,
    },
    { key: 'actions', header: '', render: (b) => <BookingActions booking={b} onCancel={onCancel} /> },
  ];
}

/** Asks before cancelling: a paid ticket is refunded if the provider still takes the cancel. */
function CancelDialog({ booking, onClose }: { booking: FlixbusBooking; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useFlixbusAction('cancel');
  const paid = booking.status === 'paid';
  return (
    <Modal opened onClose={onClose} title={t('flixbus.cancelTitle')}>
      <Stack gap="md">
        <Text>
          {booking.trip.from} → {booking.trip.to}, <DateTime value={booking.trip.departure} />
        </Text>
        <Text size="sm">{t(paid ? 'flixbus.cancelPaid' : 'flixbus.cancelReserved')}</Text>
        <SubmitError error={cancel.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('flixbus.keep')}
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ booking_id: booking.booking_id }, { onSuccess: onClose })}
          >
            {t('flixbus.cancelShort')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The shop's bookings under the booking steps: status, the ticket once final, the cancel where allowed. */
export function BookingHistory() {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState<FlixbusBooking | null>(null);
  return (
    <Stack gap="xs">
      <Text component="h2" fw={600} fz="h4">
        {t('flixbus.myBookings')}
      </Text>
      <DataTable
        queryKey={flixbusKeys.list()}
        queryFn={findBookings}
        columns={columns(t, setCancelling)}
        rowKey={(b) => b.booking_id}
        defaultFilters={NO_FILTERS}
        caption={t('flixbus.myBookings')}
        emptyTitle={t('flixbus.noBookings')}
      />
      {cancelling && <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />}
    </Stack>
  );
}
