import { Select } from '@mantine/core';
import { REPORT_PERIODS } from '@portal/contract/report-periods';
import { PIN_SALE_KIND, PROVIDER_SALE_KIND, type ReportPickerField, SALE_PROVIDERS } from '@portal/contract/reports';
import { ROLE } from '@portal/contract/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { DateRangeFilter, ProductTypeFilter } from '../../ui/list-filters.tsx';
import { SearchSelect } from '../../ui/search-select.tsx';
import { type PickerNarrowing, type ReportFilters, useReportChoice, useReportChoices } from './reports.queries.ts';

type Change = (change: Partial<ReportFilters>) => void;

/**
 * The filters every sales report offers, kept in the URL: the period (Berlin days), the shop, staff member, product,
 * denomination and (for the superadmin) reseller, each searched over the caller's whole report scope on the server
 * (issue 39: not just the period's top 100), product type and sale kind. `fixed` leaves out filters a screen sets
 * itself.
 */
export function ReportToolbar({
  filters,
  onChange,
  fixed = [],
}: {
  filters: ReportFilters;
  onChange: Change;
  fixed?: (keyof ReportFilters)[];
}) {
  const { t } = useTranslation();
  const superadmin = useSession().user?.account_role === ROLE.superadmin;
  const show = (k: keyof ReportFilters) => !fixed.includes(k);
  return (
    <>
      <Select
        aria-label={t('reports.filters.period')}
        value={filters.period}
        onChange={(v) => onChange({ period: v ?? 'month' })}
        data={REPORT_PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
        allowDeselect={false}
        w={160}
      />
      {filters.period === 'custom' && (
        <DateRangeFilter
          value={filters}
          onChange={({ from, to }) => onChange({ from, to })}
          labels={{ from: t('reports.filters.from'), to: t('reports.filters.to') }}
          inline
        />
      )}
      {superadmin && show('reseller') && (
        <Picker field="reseller" filters={filters} label={t('reports.filters.reseller')} onChange={onChange} />
      )}
      {show('shop') && <Picker field="shop" filters={filters} label={t('reports.filters.shop')} onChange={onChange} />}
      <Picker field="staff" filters={filters} label={t('reports.filters.staff')} onChange={onChange} />
      <Picker field="product" filters={filters} label={t('reports.filters.product')} onChange={onChange} />
      <Picker field="denomination" filters={filters} label={t('reports.filters.denomination')} onChange={onChange} />
      <ProductTypeFilter value={filters.product_type} onChange={(type) => onChange({ product_type: type })} />
      <Select
        aria-label={t('reports.filters.kind')}
        value={filters.kind}
        onChange={(v) => onChange({ kind: v ?? '' })}
        data={[
          { value: '', label: t('reports.filters.allKinds') },
          { value: PIN_SALE_KIND, label: t('reports.kinds.pin') },
          { value: 'single', label: t('reports.kinds.single') },
          { value: 'bulk', label: t('reports.kinds.bulk') },
          { value: PROVIDER_SALE_KIND, label: t('reports.kinds.provider') },
          ...SALE_PROVIDERS.map((p) => ({ value: p, label: t(`reports.saleKinds.${p}`) })),
        ]}
        allowDeselect={false}
      />
    </>
  );
}

/**
 * One filter's picker: the caller's whole report scope searched on the server as the user types (issue 39), narrowed
 * by the filters above it (a reseller's shops, a shop's staff, a product's denominations).
 */
function Picker({
  field,
  label,
  filters,
  onChange,
}: {
  /** The sales reports' own fields (the stock value's owner picker is the books screen's). */
  field: Exclude<ReportPickerField, 'owner'>;
  label: string;
  filters: ReportFilters;
  onChange: Change;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const id = (v: string) => (/^\d+$/.test(v) ? Number(v) : undefined);
  const narrow: PickerNarrowing = {
    reseller: field === 'shop' || field === 'staff' ? id(filters.reseller) : undefined,
    shop: field === 'staff' ? id(filters.shop) : undefined,
    product: field === 'denomination' ? id(filters.product) : undefined,
  };
  const found = useReportChoices(field, text, narrow);
  const selected = useReportChoice(field, filters[field]);
  return (
    <SearchSelect
      label={label}
      value={filters[field]}
      onChange={(v) => onChange({ [field]: v })}
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
  );
}
