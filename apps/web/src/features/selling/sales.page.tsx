import { Anchor, Button, Drawer, Group, Select, Stack, Table, Text } from '@mantine/core';
import { LIMITS } from '@portal/contract/limits';
import { PRODUCT_TYPES } from '@portal/contract/products';
import {
  PIN_SALE_KIND,
  PROVIDER_SALE_KIND,
  SALE_PROVIDERS,
  type SalesCounters,
  type SalesReportFilters,
} from '@portal/contract/reports';
import { RULES } from '@portal/contract/rules';
import type { ReprintReceipt, SaleRow } from '@portal/contract/selling';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings.ts';
import { CounterCards } from '../../ui/counter-cards.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { readTableState } from '../../ui/data-table-state.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { DateRangeFilter, ProductTypeFilter } from '../../ui/list-filters.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SaleKindBadge } from '../../ui/sale-kind-badge.tsx';
import { reportExporter, useCounters } from '../reports/reports.queries.ts';
import { asOnePurchase } from './purchase.ts';
import { type Receipt, Receipts } from './receipts.tsx';
import { findSales, reprintSale, type SalesFilters, sellingKeys, usePurchaseDetails } from './selling.queries.ts';

const DEFAULT_FILTERS: SalesFilters = { from: '', to: '', product_type: '', sale_kind: '' };
const ALLOWED = {
  product_type: ['', ...PRODUCT_TYPES],
  sale_kind: ['', PIN_SALE_KIND, PROVIDER_SALE_KIND, ...SALE_PROVIDERS],
};
/** A provider sale and a purchase may share an id, and a refund shares its sale's. */
const rowKeyOf = (r: SaleRow) => `${r.sale_kind}-${r.sale_id}${r.refund ? '-refund' : ''}`;

/**
 * `/seller/sales`: the shop's sales (staff see their own), each with its PINs masked and a reprint, under the
 * reports' counters and export of the same filters and above their totals row.
 */
export function SalesPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SaleRow | null>(null);
  const [params] = useSearchParams();
  const { filters } = readTableState(params, {
    pageSize: LIMITS.pageSize,
    defaults: DEFAULT_FILTERS,
    allowed: ALLOWED,
  });
  const body: SalesReportFilters = {
    from_date: filters.from || undefined,
    to_date: filters.to || undefined,
    product_type: (filters.product_type || undefined) as SalesReportFilters['product_type'],
    sale_kind: filters.sale_kind || undefined,
  };
  const counters = useCounters(body).data?.[0];
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
            {r.product_type === null
              ? `${r.operator_name ?? ''} · ${r.mobile_number ?? ''}`
              : t(`catalogue.productTypes.${r.product_type}`)}
          </Text>
        </div>
      ),
    },
    { key: 'kind', header: t('reports.columns.kind'), render: (r) => <SaleKindBadge row={r} /> },
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
      // A provider sale has no PINs to show or reprint: its receipt is on the top-up screen.
      render: (r) =>
        r.sale_kind !== PIN_SALE_KIND ? null : (
          <Group gap="xs" wrap="nowrap">
            <Button size="compact-sm" variant="light" onClick={() => setOpen(r)}>
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
      <PageHeader
        title={t('screen.sellerSales')}
        description={t('selling.sales.description')}
        actions={<ExportButton body={body} exporter={reportExporter} />}
      />
      {counters && <CounterCards counters={counters} />}
      <DataTable
        queryKey={sellingKeys.sales()}
        queryFn={findSales}
        columns={columns}
        rowKey={rowKeyOf}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        footer={() => counters && <SalesTotals counters={counters} />}
        toolbar={(filters, set) => (
          <>
            <DateRangeFilter
              value={filters}
              onChange={({ from, to }) => set({ from, to })}
              labels={{ from: t('selling.sales.from'), to: t('selling.sales.to') }}
            />
            <ProductTypeFilter
              label={t('selling.sales.type')}
              value={filters.product_type}
              onChange={(type) => set({ product_type: type })}
            />
            <Select
              label={t('reports.filters.kind')}
              data={[
                { value: '', label: t('reports.filters.allKinds') },
                { value: PIN_SALE_KIND, label: t('reports.kinds.pin') },
                { value: PROVIDER_SALE_KIND, label: t('reports.kinds.provider') },
                ...SALE_PROVIDERS.map((p) => ({ value: p, label: t(`reports.saleKinds.${p}`) })),
              ]}
              value={filters.sale_kind}
              onChange={(v) => set({ sale_kind: v ?? '' })}
              allowDeselect={false}
            />
          </>
        )}
      />
      <SaleDrawer sale={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** The totals row of the filters: PINs, face value and what the shop paid (none for staff under masked prices). */
function SalesTotals({ counters }: { counters: SalesCounters }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td colSpan={4}>{t('reports.figures.totals')}</Table.Td>
      <Table.Td ta="right">{counters.pins}</Table.Td>
      <Table.Td ta="right">
        <Money amount={counters.face_value} />
      </Table.Td>
      <Table.Td ta="right">
        {counters.buying_amount === null ? '—' : <Money amount={counters.buying_amount} />}
      </Table.Td>
      <Table.Td colSpan={2} />
    </>
  );
}

/** A purchase's PINs (masked) and its reprint; a purchase that ran as several steps shows and prints as one. */
function SaleDrawer({ sale, onClose }: { sale: SaleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const details = usePurchaseDetails(sale?.sale_ids ?? []);
  const canReclaim = useCan(RULES.reclamationsSeller);
  const [reprinted, setReprinted] = useState<Receipt | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReprinted(null);
    onClose();
  };
  const reprint = async () => {
    if (!sale) return;
    setBusy(true);
    try {
      const receipts: ReprintReceipt[] = [];
      for (const saleId of sale.sale_ids) receipts.push(await reprintSale(saleId));
      setReprinted(asOnePurchase(receipts));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      opened={sale !== null}
      onClose={close}
      position="right"
      size="lg"
      title={t('selling.sales.sale', { id: sale?.sale_ids.join(', ') })}
    >
      {details.error && <ErrorState message={describeError(t, details.error)} onRetry={() => details.refetch()} />}
      {sale && details.data && (
        <Stack>
          <Text fw={500}>
            {sale.product_name} · <Money amount={sale.value} /> × {sale.quantity}
          </Text>
          <Text size="sm" c="dimmed">
            <DateTime value={sale.created_at} /> · {sale.sold_by}
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
              {details.data
                .flatMap((d) => d.pins)
                .map((p) => (
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
            {/* A reclamation covers PINs of one sale: a purchase made in steps offers one per step. */}
            {canReclaim &&
              sale.sale_ids.map((saleId) => (
                <Button
                  key={saleId}
                  component={Link}
                  to={`/seller-reclaim-requests?sale_id=${saleId}`}
                  variant="default"
                  leftSection={<IconAlertTriangle size={16} />}
                >
                  {sale.sale_ids.length > 1
                    ? `${t('reclamations.reclaimSale')} ${saleId}`
                    : t('reclamations.reclaimSale')}
                </Button>
              ))}
            <Button leftSection={<IconPrinter size={16} />} loading={busy} onClick={reprint}>
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
