import { PRODUCT_TYPES } from '@portal/contract/products';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { ProductTypeFilter } from '../../ui/list-filters.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProductCell } from '../../ui/product-cell.tsx';
import { ReportFileButtons } from '../../ui/report-file-buttons.tsx';
import { AssignedBadge, useStockCountColumns } from '../../ui/stock-counts.tsx';
import { ProductSupplierFilters } from './report-filters.tsx';
import {
  findStockReport,
  reportKeys,
  type StockReportFilters,
  type StockReportRow,
  stockReportBody,
} from './stock-reports.queries.ts';

const money = (amount: string | null) => (amount === null ? '—' : <Money amount={amount} />);

const DEFAULT_FILTERS: StockReportFilters = { product_type: '', product_id: '', supplier_id: '' };
const ALLOWED = { product_type: ['', ...PRODUCT_TYPES] };

/**
 * `/reports-stock`: stock and its value per denomination, filtered, paged, exported as CSV or XLSX; the
 * platform's denominations assigned to a reseller show only how many PINs are for sale.
 */
export function StockReportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const current: StockReportFilters = {
    product_type: params.get('product_type') ?? '',
    product_id: params.get('product_id') ?? '',
    supplier_id: params.get('supplier_id') ?? '',
  };
  const stockCountColumns = useStockCountColumns<StockReportRow>();
  const columns: Column<StockReportRow>[] = [
    {
      key: 'product',
      header: t('stockReports.common.product'),
      render: (r) => (
        <ProductCell
          name={r.product_name}
          to={`/stock/details/${r.configuration_id}`}
          detail={t(`products.types.${r.product_type}`)}
          badge={r.assigned === 1 && <AssignedBadge />}
        />
      ),
    },
    ...stockCountColumns,
    { key: 'available', header: t('inventory.stock.available'), align: 'right', render: (r) => r.available },
    {
      key: 'stockCost',
      header: t('stockReports.stockCost'),
      align: 'right',
      render: (r) => money(r.stock_cost),
    },
    {
      key: 'soldCost',
      header: t('stockReports.soldCost'),
      align: 'right',
      render: (r) => money(r.sold_cost),
    },
    {
      key: 'face',
      header: t('stockReports.faceValueUnsold'),
      align: 'right',
      render: (r) => money(r.face_value_unsold),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('screen.stockReport')}
        description={t('stockReports.stockDescription')}
        actions={
          <ReportFileButtons path="/get_stock_report/" body={stockReportBody(current)} fileName="stock-report" />
        }
      />
      <DataTable
        queryKey={reportKeys.stock()}
        queryFn={findStockReport}
        columns={columns}
        rowKey={(r) => r.configuration_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <>
            <ProductTypeFilter value={filters.product_type} onChange={(type) => setFilters({ product_type: type })} />
            <ProductSupplierFilters
              productId={filters.product_id}
              supplierId={filters.supplier_id}
              onChange={setFilters}
            />
          </>
        )}
      />
    </>
  );
}
