import { Anchor, Stack } from '@mantine/core';
import { TOPUP_STATUSES, type TopupSale } from '@portal/contract/topup';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../ui/data-table.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { TopupStatusSelect, topupColumns } from '../topup-lists.tsx';
import {
  directRechargeKeys,
  findRecharges,
  NO_RECHARGE_FILTERS,
  type RechargeFilters,
} from './direct-recharge.queries.ts';

const ALLOWED = { status: ['', ...TOPUP_STATUSES] };

/** `/direct-recharge/history`: the shop's recharges, newest first, filtered by status (staff see their own). */
export function DirectRechargeHistoryPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screen.directRechargeHistory')} description={t('directRecharge.historyDescription')} />
      <Stack gap="sm">
        <DataTable
          queryKey={directRechargeKeys.history()}
          queryFn={findRecharges}
          columns={topupColumns<TopupSale>(t)}
          rowKey={(s) => s.sale_id}
          defaultFilters={NO_RECHARGE_FILTERS}
          allowedFilters={ALLOWED}
          caption={t('screen.directRechargeHistory')}
          emptyTitle={t('directRecharge.historyEmpty')}
          toolbar={(filters: RechargeFilters, setFilters) => (
            <TopupStatusSelect value={filters.status} onChange={(status) => setFilters({ status })} />
          )}
        />
        <Anchor component={Link} to="/direct-recharge/">
          {t('screen.directRecharge')}
        </Anchor>
      </Stack>
    </>
  );
}
