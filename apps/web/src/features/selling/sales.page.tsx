import { Anchor, Button, Drawer, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { PRODUCT_TYPES } from '@portal/contract/products';
import { RULES } from '@portal/contract/rules';
import type { ReprintReceipt, SaleRow } from '@portal/contract/selling';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Receipts } from './receipts.tsx';
import { findSales, reprintSale, type SalesFilters, sellingKeys, useSaleDetails } from './selling.queries.ts';

const DEFAULT_FILTERS: SalesFilters = { from: '', to: '', product_type: '' };
const ALLOWED = { product_type: ['', ...PRODUCT_TYPES] };

/** `/seller/sales`: the shop's sales (staff see their own), each with its PINs masked and a reprint. */
export function SalesPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<SaleRow>[] = [
    { key: 'date', header: t('selling.sales.date'), render: (r) => <DateTime value={r.created_at} /> },
    {
      key: 'product',
      header: t('selling.products.product'),
      render: (r) => (
        <div>
          <Text size="sm" fw={500}>
            {r.product_name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`catalogue.productTypes.${r.product_type}`)}
          </Text>
        </div>
      ),
    },
    { key: 'value', header: t('selling.products.value'), align: 'right', render: (r) => <Money amount={r.value} /> },
    { key: 'quantity', header: t('selling.sales.quantity'), align: 'right', render: (r) => r.quantity },
    {
      key: 'total',
      header: t('selling.sales.totalValue'),
      align: 'right',
      render: (r) => <Money amount={r.total_value} />,
    },
    {
      key: 'price',
      header: t('selling.sales.totalPrice'),
      align: 'right',
      render: (r) => (r.total_price === null ? '—' : <Money amount={r.total_price} />),
    },
    { key: 'user', header: t('selling.sales.soldBy'), render: (r) => r.sold_by },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => setOpen(r.sale_id)}>
            {t('selling.sales.details')}
          </Button>
          {r.download_id && (
            <Anchor component={Link} to={`/download/${r.download_id}`} size="sm">
              {t('selling.sales.download')}
            </Anchor>
          )}
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('screen.sellerSales')} description={t('selling.sales.description')} />
      <DataTable
        queryKey={sellingKeys.sales()}
        queryFn={findSales}
        columns={columns}
        rowKey={(r) => r.sale_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, set) => (
          <>
            <TextInput
              type="date"
              label={t('selling.sales.from')}
              value={filters.from}
              onChange={(e) => set({ from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={t('selling.sales.to')}
              value={filters.to}
              onChange={(e) => set({ to: e.currentTarget.value })}
            />
            <Select
              label={t('selling.sales.type')}
              data={[
                { value: '', label: t('catalogue.common.allTypes') },
                ...PRODUCT_TYPES.map((p) => ({ value: p, label: t(`catalogue.productTypes.${p}`) })),
              ]}
              value={filters.product_type}
              onChange={(v) => set({ product_type: v ?? '' })}
              allowDeselect={false}
            />
          </>
        )}
      />
      <SaleDrawer saleId={open} onClose={() => setOpen(null)} />
    </>
  );
}

function SaleDrawer({ saleId, onClose }: { saleId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const details = useSaleDetails(saleId);
  const canReclaim = useCan(RULES.reclamationsSeller);
  const [reprinted, setReprinted] = useState<ReprintReceipt | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReprinted(null);
    onClose();
  };
  return (
    <Drawer
      opened={saleId !== null}
      onClose={close}
      position="right"
      size="lg"
      title={t('selling.sales.sale', { id: saleId })}
    >
      {details.isError && <ErrorState message={describeError(t, details.error)} onRetry={() => details.refetch()} />}
      {details.data && (
        <Stack>
          <Text fw={500}>
            {details.data.product_name} · <Money amount={details.data.value} /> × {details.data.quantity}
          </Text>
          <Text size="sm" c="dimmed">
            <DateTime value={details.data.created_at} /> · {details.data.sold_by}
          </Text>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('selling.receipt.pin')}</Table.Th>
                <Table.Th>{t('selling.receipt.serial')}</Table.Th>
                <Table.Th>{t('selling.sales.batch')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {details.data.pins.map((p) => (
                <Table.Tr key={p.pin_id}>
                  <Table.Td ff="monospace">{p.pin_masked}</Table.Td>
                  <Table.Td>{p.serial ?? '—'}</Table.Td>
                  <Table.Td>{p.lot}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('selling.sales.reprintHint')}
          </Text>
          <Group>
            {canReclaim && (
              <Button
                component={Link}
                to={`/seller-reclaim-requests?sale_id=${details.data.sale_id}`}
                variant="default"
                leftSection={<IconAlertTriangle size={16} />}
              >
                {t('reclamations.reclaimSale')}
              </Button>
            )}
            <Button
              leftSection={<IconPrinter size={16} />}
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  setReprinted(await reprintSale(details.data.sale_id));
                } catch (error) {
                  notifyError(error);
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('selling.sales.reprint')}
            </Button>
            {reprinted && (
              <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                {t('selling.receipt.print')}
              </Button>
            )}
          </Group>
          {reprinted && <Receipts receipts={[reprinted]} merged={settings.merge_receipts === 1} />}
        </Stack>
      )}
    </Drawer>
  );
}
