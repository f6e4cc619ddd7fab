import { Select, Stack, Text } from '@mantine/core';
import { TOPUP_STATUSES } from '@portal/contract/topup';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { TopupStatusBadge } from '../../ui/topup-status-badge.tsx';
import { findTopups, NO_TOPUP_FILTERS, type TopupFilters, type TopupSale, topupKeys } from './topup.queries.ts';

/** The columns every list of top-ups shows: the shop's history and the platform's pending ones. */
export function topupColumns<Row extends TopupSale>(t: TFunction): Column<Row>[] {
  return [
    { key: 'date', header: t('topup.date'), render: (s) => <DateTime value={s.created_at} /> },
    { key: 'number', header: t('topup.mobileNumber'), render: (s) => s.mobile_number },
    { key: 'product', header: t('topup.product'), render: (s) => s.product_name },
    { key: 'receives', header: t('topup.receives'), render: (s) => `${s.face_value} ${s.face_currency}` },
    { key: 'retail', header: t('topup.retailPrice'), align: 'right', render: (s) => <Money amount={s.retail_price} /> },
    {
      key: 'price',
      header: t('topup.charged'),
      align: 'right',
      render: (s) => (s.seller_price === null ? '—' : <Money amount={s.seller_price} />),
    },
    { key: 'status', header: t('topup.status'), render: (s) => <TopupStatusBadge status={s.status} /> },
    { key: 'user', header: t('topup.soldBy'), render: (s) => s.username },
  ];
}

const ALLOWED = { status: ['', ...TOPUP_STATUSES] };

/** The shop's top-ups under the sending form, filtered by status. */
export function TopupHistory() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text component="h2" fw={600} fz="h4">
        {t('topup.history')}
      </Text>
      <DataTable
        queryKey={topupKeys.history()}
        queryFn={findTopups}
        columns={topupColumns<TopupSale>(t)}
        rowKey={(s) => s.sale_id}
        defaultFilters={NO_TOPUP_FILTERS}
        allowedFilters={ALLOWED}
        caption={t('topup.history')}
        toolbar={(filters: TopupFilters, setFilters) => (
          <TopupStatusSelect value={filters.status} onChange={(status) => setFilters({ status })} />
        )}
      />
    </Stack>
  );
}

/** All statuses ('') or one. */
export function TopupStatusSelect({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('topup.status')}
      placeholder={t('topup.allStatuses')}
      data={TOPUP_STATUSES.map((s) => ({ value: s, label: t(`topup.statuses.${s}`) }))}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      clearable
      w={200}
    />
  );
}
