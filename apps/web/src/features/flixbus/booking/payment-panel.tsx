import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { flixbusVoucherBody } from '@portal/contract/flixbus';
import { IconAlertTriangle, IconBus, IconCircleCheck, IconClock, IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { askToConfirm } from '../../../ui/confirm-action.tsx';
import { ApiForm, FormSection, SubmitError } from '../../../ui/form-kit.tsx';
import {
  type FlixbusBooking,
  fetchTransactionKey,
  useBookingStatus,
  useFlixbusAction,
  useTicketDownload,
} from '../flixbus.queries.ts';
import { BookingSummary } from './booking-summary.tsx';

export function PaymentPanel({
  booking,
  onChange,
}: {
  booking: FlixbusBooking;
  onChange: (b: FlixbusBooking) => void;
}) {
  const { t } = useTranslation();
  const { money, dateTime } = useFormatters();
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
    // Paying takes the ticket's price from the balance at once: asked first with the amount and the trip.
    const trip = { from: booking.trip.from, to: booking.trip.to };
    const facts = {
      ...trip,
      departure: dateTime(booking.trip.departure),
      count: booking.passengers.length || booking.seats,
    };
    askToConfirm({
      title: t('safeActions.busTicket.title'),
      consequence:
        booking.price === null
          ? t('safeActions.busTicket.masked', facts)
          : t('safeActions.busTicket.consequence', { ...facts, amount: money(booking.price, booking.currency) }),
      confirmLabel: t('safeActions.busTicket.confirm'),
      run: () =>
        pay
          .mutateAsync({ booking_id: booking.booking_id, transaction_key: transactionKey })
          .then((r) => r.booking && onChange(r.booking)),
      done: { message: t('safeActions.busTicket.done', trip) },
    });
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
export function BookingProgress({ initial, onAgain }: { initial: FlixbusBooking; onAgain: () => void }) {
  const { t } = useTranslation();
  const status = useBookingStatus(initial);
  const booking = status.data ?? initial;
  const sale = booking.sale;
  const { download, downloading, error: downloadError } = useTicketDownload(booking.booking_id);
  const outcome = sale?.status ?? 'pending';
  const colour = outcome === 'successful' ? 'teal' : outcome === 'pending' ? 'blue' : 'red';
  const Icon = outcome === 'successful' ? IconCircleCheck : outcome === 'pending' ? IconClock : IconAlertTriangle;
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
