import { Anchor, Modal, Table, Text } from '@mantine/core';
import { PIN_SALE_KIND, type SalesCounters, type SalesReportRow, type SalesSummaryRow } from '@portal/contract/reports';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { MaskedPinsTable } from '../../ui/masked-pins-table.tsx';
import { Money } from '../../ui/money.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SaleKindBadge } from '../../ui/sale-kind-badge.tsx';
import { useSaleDetails } from './reports.queries.ts';

const money = (amount: string | null) => (amount === null ? '—' : <Money amount={amount} />);

/** The figures every report shows, as columns of a sales list or of a summary. */
export function figureColumns<Row extends SalesReportRow | SalesSummaryRow>(t: TFunction): Column<Row>[] {
  return [
    { key: 'face', header: t('reports.figures.faceValue'), align: 'right', render: (r) => money(r.face_value) },
    {
      key: 'selling',
      header: t('reports.figures.sellingAmount'),
      align: 'right',
      render: (r) => money(r.selling_amount),
    },
    {
      key: 'buying',
      header: t('reports.figures.buyingAmount'),
      align: 'right',
      render: (r) => money(r.buying_amount),
    },
    { key: 'margin', header: t('reports.figures.margin'), align: 'right', render: (r) => money(r.margin) },
  ];
}

/** The columns of one sale; `details` adds the button that shows its PINs' lots and serials. */
export function saleColumns(t: TFunction, options: { details?: boolean } = {}): Column<SalesReportRow>[] {
  return [
    { key: 'date', header: t('reports.columns.date'), render: (r) => <DateTime value={r.created_at} /> },
    {
      key: 'shop',
      header: t('reports.columns.shop'),
      render: (r) => (
        <div>
          <Text size="sm">{r.shop_name}</Text>
          <Text size="xs" c="dimmed">
            {r.staff_name}
          </Text>
        </div>
      ),
    },
    {
      key: 'product',
      header: t('reports.columns.product'),
      render: (r) => (
        <div>
          <Text size="sm">{r.product_name}</Text>
          <Text size="xs" c="dimmed">
            {r.product_type === null
              ? `${r.operator_name ?? ''} · ${r.mobile_number ?? ''} · `
              : `${t(`products.types.${r.product_type}`)} · `}
            <Money amount={r.denomination_value} />
          </Text>
        </div>
      ),
    },
    { key: 'kind', header: t('reports.columns.kind'), render: (r) => <SaleKindBadge row={r} /> },
    { key: 'quantity', header: t('reports.figures.pins'), align: 'right', render: (r) => r.quantity },
    ...figureColumns<SalesReportRow>(t),
    ...(options.details
      ? [
          {
            key: 'details',
            header: t('reports.columns.details'),
            // A provider sale has no PINs to show.
            render: (r: SalesReportRow) => (r.sale_kind === PIN_SALE_KIND ? <SaleLots sale={r} /> : null),
          },
        ]
      : []),
  ];
}

/** A list row's key: a PIN sale and a provider sale may share an id, and a refund shares its sale's. */
export const rowKeyOf = (r: SalesReportRow) => `${r.sale_kind}-${r.id}${r.refund ? '-refund' : ''}`;

/** The totals row under a list: the counters of the same filters, under the list's count and money columns. */
export function TotalsCells({
  counters,
  before,
  withSales = false,
  after = 0,
}: {
  counters: SalesCounters | undefined;
  /** Columns left of the counts, under which the row says "Totals". */
  before: number;
  withSales?: boolean;
  after?: number;
}) {
  const { t } = useTranslation();
  if (!counters) return null;
  return (
    <>
      <Table.Td colSpan={before}>{t('reports.figures.totals')}</Table.Td>
      {withSales && <Table.Td ta="right">{counters.sales}</Table.Td>}
      <Table.Td ta="right">{counters.pins}</Table.Td>
      <Table.Td ta="right">{money(counters.face_value)}</Table.Td>
      <Table.Td ta="right">{money(counters.selling_amount)}</Table.Td>
      <Table.Td ta="right">{money(counters.buying_amount)}</Table.Td>
      <Table.Td ta="right">{money(counters.margin)}</Table.Td>
      {after > 0 && <Table.Td colSpan={after} />}
    </>
  );
}

/** A sale's PINs (always masked), with their lots and serial numbers, in a dialog. */
function SaleLots({ sale }: { sale: SalesReportRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)}>
        {t('reports.columns.showPins', { count: sale.quantity })}
      </Anchor>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('reports.saleTitle', { id: sale.id })} size="lg">
        {open && <SalePins saleId={sale.id} />}
      </Modal>
    </>
  );
}

function SalePins({ saleId }: { saleId: number }) {
  const { t } = useTranslation();
  const details = useSaleDetails(saleId);
  return (
    <QueryState query={details}>
      {(d) => (
        <MaskedPinsTable
          striped
          pins={d.pins}
          labels={{ pin: t('reports.columns.pin'), serial: t('reports.columns.serial'), lot: t('reports.columns.lot') }}
        />
      )}
    </QueryState>
  );
}
