import { Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ProviderSaleDetails } from '@portal/contract/provider-sales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusTripFacts } from '../../ui/bus-trip-facts.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { MaskedPinsTable } from '../../ui/masked-pins-table.tsx';
import { Money } from '../../ui/money.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { TopupStatusBadge } from '../../ui/topup-status-badge.tsx';
import { useProviderSaleDetails } from './topup.queries.ts';

/**
 * One provider sale over the ledger that links to it (decision 0123), whatever its kind: its status, number, amounts,
 * references, time and seller; a bus ticket's booking; a soft pin's PIN masked, as the sale drawer shows PINs. It only
 * reads the sale: the shop's own screens ask the provider, reveal a PIN and print.
 */
export function ProviderSaleDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useProviderSaleDetails(id);
  const sale = details.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        sale
          ? t('topup.details.title', { kind: t(`topup.kinds.${sale.kind}`), id: sale.sale_id })
          : t('topup.details.sale', { id })
      }
    >
      {id !== null && <QueryState query={details}>{(loaded) => <SaleFacts sale={loaded} />}</QueryState>}
    </Drawer>
  );
}

function SaleFacts({ sale }: { sale: ProviderSaleDetails }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('topup.status'), <TopupStatusBadge key="status" status={sale.status} />],
    [t('topup.product'), sale.product_name],
    [t('topup.operator'), sale.operator_name],
    ...(sale.mobile_number ? [[t('topup.mobileNumber'), sale.mobile_number] as [string, ReactNode]] : []),
    [t('topup.receives'), `${sale.face_value} ${sale.face_currency}`],
    [t('topup.retailPrice'), <Money key="retail" amount={sale.retail_price} />],
    ...(sale.seller_price === null
      ? []
      : [[t('topup.charged'), <Money key="charged" amount={sale.seller_price} />] as [string, ReactNode]]),
    [t('topup.details.shop'), sale.customer_name],
    [t('topup.soldBy'), sale.username],
    [t('topup.date'), <DateTime key="date" value={sale.created_at} />],
    ...(sale.final_at
      ? [[t('topup.details.finalAt'), <DateTime key="final" value={sale.final_at} />] as [string, ReactNode]]
      : []),
    [t('topup.details.providerReference'), sale.reference],
    ...(sale.operator_reference ? [[t('topup.reference'), sale.operator_reference] as [string, ReactNode]] : []),
  ];
  return (
    <Stack>
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={200}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {sale.booking && <BookingFacts booking={sale.booking} />}
      {sale.soft_pin?.pin_masked && (
        <MaskedPinsTable
          pins={[{ pin_id: sale.sale_id, pin_masked: sale.soft_pin.pin_masked, serial: sale.soft_pin.serial }]}
          labels={{ pin: t('selling.receipt.pin'), serial: t('selling.receipt.serial') }}
        />
      )}
    </Stack>
  );
}

/** A bus ticket's trip, seats and travellers, in the booking screen's words. */
function BookingFacts({ booking }: { booking: NonNullable<ProviderSaleDetails['booking']> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={3} fz="h5">
        {booking.trip.from} → {booking.trip.to}
      </Title>
      <BusTripFacts booking={booking} />
      {booking.ticket_code && (
        <Group gap="xs">
          <Text size="sm">{t('flixbus.ticketCode')}:</Text>
          <Text size="sm" ff="monospace">
            {booking.ticket_code}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
