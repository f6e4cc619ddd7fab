import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlixbusBooking } from '../flixbus.queries.ts';
import { BookingSummary } from './booking-summary.tsx';
import { PassengersForm } from './passengers-form.tsx';
import { BookingProgress, PaymentPanel } from './payment-panel.tsx';

/** The booking from its reservation to its ticket. */
export function BookingSteps({
  booking,
  onChange,
  onAgain,
}: {
  booking: FlixbusBooking;
  onChange: (b: FlixbusBooking) => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  // Paid, and what the payment became (failed, refunded): the outcome, never the payment step again.
  if (booking.sale) return <BookingProgress initial={booking} onAgain={onAgain} />;
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
