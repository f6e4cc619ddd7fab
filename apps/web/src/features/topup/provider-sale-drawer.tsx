import { Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ProviderSaleDetails } from '@portal/contract/provider-sales';
import { RULES } from '@portal/contract/rules';
import { IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { BusTripFacts } from '../../ui/bus-trip-facts.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { MaskedPinsTable } from '../../ui/masked-pins-table.tsx';
import { Money } from '../../ui/money.tsx';
import printClasses from '../../ui/print.module.css';
import { PrintArea } from '../../ui/print-area.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { TopupStatusBadge } from '../../ui/topup-status-badge.tsx';
import { useProviderSaleDetails } from './topup.queries.ts';

/**
 * One provider sale over the ledger or the sales list that links to it (decision 0123), whatever its kind: its status,
 * number, amounts, references, time and seller; a bus ticket's booking; a soft pin's PIN masked, as the sale drawer
 * shows PINs. The shop's users reprint a top-up's or bus ticket's receipt from here, as a PIN sale's (issue 39); a
 * soft pin's PIN is revealed on its own screen only.
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
      <Reprint sale={sale} />
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

/** What a receipt can be reprinted of: a top-up or recharge that arrived, a bus ticket that was booked. */
const REPRINTABLE: readonly ProviderSaleDetails['kind'][] = ['international_topup', 'direct_recharge', 'bus_ticket'];

/**
 * The receipt again, printed as a copy with the time of the reprint (like a PIN sale's reprint): what the sale's own
 * screen printed, read from the sale's details. Only the shop's users, who sold it, may.
 */
function Reprint({ sale }: { sale: ProviderSaleDetails }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const mayReprint = useCan(RULES.sellerOrSupport);
  const [reprintedAt, setReprintedAt] = useState<string | null>(null);
  if (!mayReprint || sale.status !== 'successful' || !REPRINTABLE.includes(sale.kind)) return null;
  return (
    <Stack gap="xs">
      <Group>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => setReprintedAt(new Date().toISOString())}>
          {t('selling.sales.reprint')}
        </Button>
        {reprintedAt && (
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('selling.receipt.print')}
          </Button>
        )}
      </Group>
      {reprintedAt && (
        <>
          <Text size="sm" data-testid="provider-receipt-copy">
            {t('selling.receipt.copy')} · {t('selling.receipt.reprintedAt', { at: dateTime(reprintedAt) })}
          </Text>
          <PrintArea>
            <div className={printClasses.receipt}>
              <strong>{t('selling.receipt.copy')}</strong>
              <div>{t('selling.receipt.reprintedAt', { at: dateTime(reprintedAt) })}</div>
              <strong>{t(`topup.kinds.${sale.kind}`)}</strong>
              <div>{sale.customer_name}</div>
              <div>{dateTime(sale.final_at ?? sale.created_at)}</div>
              <div>
                {sale.product_name}
                {sale.mobile_number ? ` → ${sale.mobile_number}` : ''}
              </div>
              {sale.booking ? (
                <>
                  <div>
                    {sale.booking.trip.from} → {sale.booking.trip.to}
                  </div>
                  <div>
                    {dateTime(sale.booking.trip.departure)} → {dateTime(sale.booking.trip.arrival)}
                  </div>
                  {sale.booking.passengers.map((p, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: passengers have no id; their order is fixed
                    <div key={i}>
                      {t('flixbus.passenger', { n: i + 1 })}: {p.first_name} {p.last_name}
                    </div>
                  ))}
                  {sale.booking.ticket_code && (
                    <div>
                      {t('flixbus.ticketCode')}: {sale.booking.ticket_code}
                    </div>
                  )}
                </>
              ) : (
                <div>
                  {t('topup.receives')}: {sale.face_value} {sale.face_currency}
                </div>
              )}
              <div>
                {t('topup.retailPrice')}: <Money amount={sale.retail_price} />
              </div>
              {sale.operator_reference && (
                <div>
                  {t('topup.reference')}: {sale.operator_reference}
                </div>
              )}
              <div>
                {t('topup.soldBy')}: {sale.username} · {sale.reference}
              </div>
            </div>
          </PrintArea>
        </>
      )}
    </Stack>
  );
}
