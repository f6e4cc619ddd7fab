import { Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
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
import type { SaleRow } from '@portal/contract/selling';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../lib/permissions.ts';
import { CounterCards } from '../../ui/counter-cards.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { readTableState } from '../../ui/data-table-state.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { EntryViewHosts, type EntryViews } from '../../ui/ledger-table.tsx';
import { DateRangeFilter, ProductTypeFilter } from '../../ui/list-filters.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProductCell } from '../../ui/product-cell.tsx';
import { SaleKindBadge } from '../../ui/sale-kind-badge.tsx';
import { SearchSelect } from '../../ui/search-select.tsx';
import { reportExporter, useCounters, useReportChoice, useReportChoices } from '../reports/reports.queries.ts';
import { SaleDrawer } from './sale-drawer.tsx';
import { filterId, findSales, type SalesFilters, sellingKeys } from './selling.queries.ts';

const DEFAULT_FILTERS: SalesFilters = { from: '', to: '', product_type: '', sale_kind: '', staff: '' };
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
export function SalesPage({ entryViews }: { entryViews?: EntryViews }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SaleRow | null>(null);
  const canReclaim = useCan(RULES.reclamationsSeller);
  // The shop's managers see every user's sales and may narrow them to one; staff see only their own.
  const manager = useCan(RULES.sellerManager);
  const [params, setParams] = useSearchParams();
  // In the URL like a ledger's link (decision 0123), so the header search opens the same drawer.
  const openProviderSale = (id: number) =>
    setParams((p) => {
      p.set('provider_sale', String(id));
      return p;
    });
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
    staff: manager ? filterId(filters.staff) : undefined,
  };
  const counters = useCounters(body).data?.[0];
  const columns: Column<SaleRow>[] = [
    { key: 'date', header: t('selling.sales.date'), render: (r) => <DateTime value={r.created_at} /> },
    {
      key: 'product',
      header: t('selling.products.product'),
      render: (r) => (
        <ProductCell
          name={r.product_name}
          detail={
            r.product_type === null
              ? `${r.operator_name ?? ''} · ${r.mobile_number ?? ''}`
              : t(`products.types.${r.product_type}`)
          }
        />
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
      // A provider sale (top-up, bus ticket, soft pin) opens its details over the list, where a top-up's or ticket's
      // receipt is reprinted (issue 39); a soft pin can be reclaimed from here (issue 37). A refund row opens nothing.
      render: (r) =>
        r.sale_kind === PIN_SALE_KIND ? (
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
        ) : r.refund ? null : (
          <Group gap="xs" wrap="nowrap">
            {entryViews?.provider_sale && (
              <Button size="compact-sm" variant="light" onClick={() => openProviderSale(r.sale_id)}>
                {t('selling.sales.details')}
              </Button>
            )}
            {r.sale_kind === 'softpin' && canReclaim && (
              <Button
                size="compact-sm"
                variant="default"
                component={Link}
                to={`/seller-reclaim-requests?soft_pin_sale_id=${r.sale_id}`}
                leftSection={<IconAlertTriangle size={14} />}
              >
                {t('reclamations.reclaimSale')}
              </Button>
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
            {manager && <StaffPicker value={filters.staff} onChange={(staff) => set({ staff })} />}
          </>
        )}
      />
      <SaleDrawer saleIds={open?.sale_ids ?? []} onClose={() => setOpen(null)} />
      {/* A sale opened by its address: the header search's hits (issue 39). */}
      <EntryViewHosts views={entryViews} />
    </>
  );
}

/**
 * The shop's users (its owner, staff and web support) searched on the server as the manager types: the report
 * pickers' call, which for a shop finds its own users only (decision 0063 "Pickers").
 */
function StaffPicker({ value, onChange }: { value: string; onChange: (staff: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const found = useReportChoices('staff', text, {});
  const selected = useReportChoice('staff', value);
  const label = t('reports.filters.staff');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} aria-hidden>
        {label}
      </Text>
      <SearchSelect
        label={label}
        value={value}
        onChange={onChange}
        found={found}
        selected={selected}
        onSearch={setText}
        texts={{
          none: t('reports.filters.all', { what: label }),
          nothingFound: t('reports.filters.pickerNothingFound'),
          searching: t('reports.filters.pickerSearching'),
          error: t('reports.filters.pickerError'),
        }}
      />
    </Stack>
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
