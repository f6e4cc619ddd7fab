import { Select } from '@mantine/core';
import { REPORT_PERIODS } from '@portal/contract/report-periods';
import { PIN_SALE_KIND, PROVIDER_SALE_KIND, SALE_PROVIDERS, type SummaryGroup } from '@portal/contract/reports';
import { ROLE } from '@portal/contract/roles';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { DateRangeFilter, ProductTypeFilter } from '../../ui/list-filters.tsx';
import { type ReportFilters, reportBody, useSummary } from './reports.queries.ts';

type Change = (change: Partial<ReportFilters>) => void;

/**
 * The filters every sales report offers, kept in the URL: the period (Berlin days) and the shops, staff,
 * products and denominations that sold in it (taken from the report's own summary, so every choice is one
 * the caller may see), product type and sale kind. `fixed` leaves out filters a screen sets itself.
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
        <Choice
          group="reseller"
          filters={filters}
          field="reseller"
          label={t('reports.filters.reseller')}
          onChange={onChange}
        />
      )}
      {show('shop') && (
        <Choice group="shop" filters={filters} field="shop" label={t('reports.filters.shop')} onChange={onChange} />
      )}
      <Choice group="staff" filters={filters} field="staff" label={t('reports.filters.staff')} onChange={onChange} />
      <Choice
        group="product"
        filters={filters}
        field="product"
        label={t('reports.filters.product')}
        onChange={onChange}
      />
      <Choice
        group="denomination"
        filters={filters}
        field="denomination"
        label={t('reports.filters.denomination')}
        onChange={onChange}
      />
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

/** One picker whose choices are the summary's figures for the period and the reseller chosen. */
function Choice({
  group,
  field,
  label,
  filters,
  onChange,
}: {
  group: SummaryGroup;
  field: keyof ReportFilters;
  label: string;
  filters: ReportFilters;
  onChange: Change;
}) {
  const { t } = useTranslation();
  const body = reportBody({
    ...filters,
    shop: '',
    staff: '',
    product: '',
    denomination: '',
    product_type: '',
    kind: '',
  });
  const figures = useSummary(group, group === 'reseller' ? { ...body, reseller: undefined } : body);
  const current = filters[field];
  // A provider's figure (keyed by its sale kind, not an id) is chosen with the sale kind filter instead.
  const data = (figures.data ?? []).flatMap((f) =>
    group !== 'day' && !/^\d+$/.test(f.key) ? [] : [{ value: f.key, label: f.name }],
  );
  if (current && !data.some((d) => d.value === current)) data.push({ value: current, label: `#${current}` });
  return (
    <Select
      aria-label={label}
      searchable
      value={current}
      onChange={(v) => onChange({ [field]: v ?? '' })}
      data={[{ value: '', label: t('reports.filters.all', { what: label }) }, ...data]}
      allowDeselect={false}
      w={200}
    />
  );
}
