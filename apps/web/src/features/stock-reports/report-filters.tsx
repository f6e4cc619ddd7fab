import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFilterOptions } from './stock-reports.queries.ts';

/**
 * Product and supplier pickers shared by the stock reports, filled from /get_product_filters/;
 * `ownOnly` leaves out the platform's products assigned to a reseller (they have no import history).
 */
export function ProductSupplierFilters({
  productId,
  supplierId,
  onChange,
  ownOnly = false,
}: {
  productId: string;
  supplierId: string;
  onChange: (change: { product_id?: string; supplier_id?: string }) => void;
  ownOnly?: boolean;
}) {
  const { t } = useTranslation();
  const options = useFilterOptions();
  const products = (options.data?.products ?? []).filter((p) => !ownOnly || p.assigned === 0);
  return (
    <>
      <Select
        aria-label={t('stockReports.common.product')}
        searchable
        value={productId}
        onChange={(v) => onChange({ product_id: v ?? '' })}
        data={[
          { value: '', label: t('stockReports.common.allProducts') },
          ...products.map((p) => ({ value: String(p.product_id), label: p.product_name })),
        ]}
        allowDeselect={false}
      />
      <Select
        aria-label={t('stockReports.common.supplier')}
        searchable
        value={supplierId}
        onChange={(v) => onChange({ supplier_id: v ?? '' })}
        data={[
          { value: '', label: t('stockReports.common.allSuppliers') },
          ...(options.data?.suppliers ?? []).map((s) => ({ value: String(s.supplier_id), label: s.full_name })),
        ]}
        allowDeselect={false}
      />
    </>
  );
}
