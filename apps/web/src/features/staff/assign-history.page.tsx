import { Badge, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import {
  type AssignHistoryRow,
  findAssignHistory,
  type HistoryFilters,
  staffKeys,
  useStaffChoices,
} from './staff.queries.ts';

const DEFAULT_FILTERS: HistoryFilters = { user_id: '' };

/** `/user/assign-history`: every assignment and unassignment of a customer to a staff member. */
export function AssignHistoryPage() {
  const { t } = useTranslation();
  const staff = useStaffChoices();
  const columns: Column<AssignHistoryRow>[] = [
    { key: 'date', header: t('credit.date'), render: (r) => <DateTime value={r.changed_at} /> },
    {
      key: 'user',
      header: t('staff.staffMember'),
      render: (r) => <Link to={`/user/assign/${r.user_id}`}>{r.username}</Link>,
    },
    {
      key: 'customer',
      header: t('customers.customer'),
      render: (r) => <Link to={`/customer/details/${r.customer_id}`}>{r.customer_name}</Link>,
    },
    {
      key: 'action',
      header: t('staff.change'),
      render: (r) => (
        <Badge variant="light" color={r.action === 'assigned' ? 'teal' : 'orange'}>
          {t(r.action === 'assigned' ? 'staff.wasAssigned' : 'staff.wasUnassigned')}
        </Badge>
      ),
    },
    { key: 'by', header: t('credit.createdBy'), render: (r) => r.changed_by ?? '—' },
  ];
  return (
    <>
      <PageHeader title={t('screen.assignHistory')} description={t('staff.historyDescription')} />
      <DataTable
        queryKey={staffKeys.history()}
        queryFn={findAssignHistory}
        columns={columns}
        rowKey={(r) => r.id}
        defaultFilters={DEFAULT_FILTERS}
        toolbar={(filters, setFilters) => (
          <Select
            aria-label={t('staff.staffMember')}
            placeholder={t('staff.allStaff')}
            data={(staff.data?.users ?? [])
              .filter((u) => u.internal_role === 1)
              .map((u) => ({ value: String(u.user_id), label: `${u.username} (${u.name})` }))}
            value={filters.user_id || null}
            onChange={(v) => setFilters({ user_id: v ?? '' })}
            clearable
            searchable
            w={280}
          />
        )}
      />
    </>
  );
}
