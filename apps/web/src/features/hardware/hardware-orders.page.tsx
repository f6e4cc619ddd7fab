import { Badge, Button, Group, Modal, Select } from '@mantine/core';
import { HARDWARE_ORDER_STATUSES, NEXT_ORDER_STATUSES } from '@portal/contract/hardware';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { askToConfirm } from '../../ui/confirm-action.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import {
  findOrders,
  type HardwareOrder,
  hardwareKeys,
  NO_ORDER_FILTERS,
  type OrderFilters,
  useMoveOrder,
} from './hardware.queries.ts';
import { OrderConfirmation } from './order-confirmation.tsx';

const ALLOWED = { status: ['', ...HARDWARE_ORDER_STATUSES], from: undefined, to: undefined };
const COLOURS = { ordered: 'blue', shipped: 'indigo', delivered: 'teal', cancelled: 'gray' } as const;

/**
 * `/admin/hardware/sales` (the reseller moves its shops' orders on) and `/report/hardware/sales` (both sides list
 * the orders and print a confirmation).
 */
export function HardwareOrdersPage({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const move = useMoveOrder();
  const [shown, setShown] = useState<HardwareOrder | null>(null);
  const { money } = useFormatters();
  const ship = (o: HardwareOrder, status: 'shipped' | 'delivered') =>
    move.mutate(
      { id: o.order_id, status },
      { onSuccess: () => notify({ color: 'teal', message: t('hardware.orderMoved') }) },
    );
  // A cancel refunds the shop: a ledger entry, so it asks first and has no undo.
  const askToCancel = (o: HardwareOrder) =>
    askToConfirm({
      title: t('safeActions.hardwareCancel.title', { id: o.order_id }),
      consequence: t('safeActions.hardwareCancel.consequence', {
        shop: o.customer_name,
        amount: money(o.total),
        quantity: o.quantity,
        product: o.product_name,
      }),
      confirmLabel: t('hardware.moveTo.cancelled'),
      danger: true,
      run: () => move.mutateAsync({ id: o.order_id, status: 'cancelled' }),
      done: { message: t('safeActions.hardwareCancel.done', { id: o.order_id, amount: money(o.total) }) },
    });
  const columns: Column<HardwareOrder>[] = [
    { key: 'date', header: t('hardware.orderedAt'), render: (o) => <DateTime value={o.created_at} /> },
    { key: 'number', header: t('hardware.orderNumber'), render: (o) => o.order_id },
    { key: 'shop', header: t('hardware.shop'), render: (o) => o.customer_name },
    { key: 'product', header: t('hardware.productName'), render: (o) => `${o.quantity} × ${o.product_name}` },
    { key: 'total', header: t('hardware.total'), align: 'right', render: (o) => <Money amount={o.total} /> },
    {
      key: 'status',
      header: t('hardware.status'),
      render: (o) => (
        <Badge variant="light" color={COLOURS[o.status]}>
          {t(`hardware.statuses.${o.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('hardware.actions'),
      render: (o) => (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setShown(o)}>
            {t('hardware.confirmation')}
          </Button>
          {manage &&
            NEXT_ORDER_STATUSES[o.status].map((next) => (
              <Button
                key={next}
                size="xs"
                variant={next === 'cancelled' ? 'light' : 'filled'}
                color={next === 'cancelled' ? 'red' : undefined}
                loading={move.isPending && move.variables?.id === o.order_id && move.variables.status === next}
                onClick={() => (next === 'cancelled' ? askToCancel(o) : ship(o, next as 'shipped'))}
              >
                {t(`hardware.moveTo.${next as 'shipped'}`)}
              </Button>
            ))}
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={manage ? t('screen.hardwareSales') : t('screen.hardwareReport')}
        description={manage ? t('hardware.salesDescription') : t('hardware.reportDescription')}
      />
      <DataTable
        queryKey={[...hardwareKeys.orders(), manage]}
        queryFn={findOrders}
        columns={columns}
        rowKey={(o) => o.order_id}
        defaultFilters={NO_ORDER_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters: OrderFilters, setFilters) => (
          <Select
            aria-label={t('hardware.status')}
            placeholder={t('hardware.allStatuses')}
            data={HARDWARE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`hardware.statuses.${s}`) }))}
            value={filters.status || null}
            onChange={(v) => setFilters({ status: v ?? '' })}
            clearable
            w={200}
          />
        )}
      />
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={t('hardware.confirmationTitle')} size="lg">
        {shown && <OrderConfirmation order={shown} />}
      </Modal>
    </>
  );
}
