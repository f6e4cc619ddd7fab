import { Badge, Code, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { DecisionButtons } from '../../ui/decision-buttons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import {
  findLoginRequests,
  LOGIN_REQUEST_STATUSES,
  type LoginRequest,
  type LoginRequestFilters,
  type LoginRequestStatusFilter,
  loginRequestKeys,
  useDecideLoginRequest,
} from './login-requests.queries.ts';

const DEFAULT_FILTERS: LoginRequestFilters = { status: 'pending' };
const ALLOWED_FILTERS = { status: LOGIN_REQUEST_STATUSES };

const STATUS_COLOURS: Record<LoginRequest['status'], string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  expired: 'gray',
};

export function LoginRequestsPage() {
  const { t } = useTranslation();
  const decide = useDecideLoginRequest();

  function decideRequest(row: LoginRequest, status: 'approved' | 'rejected') {
    decide.mutate(
      { reference_id: row.reference_id, status },
      {
        onSuccess: () =>
          notify({
            color: status === 'approved' ? 'teal' : 'gray',
            message: t(status === 'approved' ? 'loginRequests.approved' : 'loginRequests.rejected'),
          }),
      },
    );
  }

  const busy = (row: LoginRequest) => decide.isPending && decide.variables?.reference_id === row.reference_id;

  const columns: Column<LoginRequest>[] = [
    { key: 'reference', header: t('loginRequests.reference'), render: (r) => <Code fz="md">{r.reference}</Code> },
    {
      key: 'user',
      header: t('loginRequests.username'),
      render: (r) => (
        <div>
          <Text size="sm" fw={500}>
            {r.username}
          </Text>
          <Text size="xs" c="dimmed">
            {r.name}
          </Text>
        </div>
      ),
    },
    { key: 'customer', header: t('loginRequests.customer'), render: (r) => r.customer_name },
    {
      key: 'device',
      header: t('loginRequests.device'),
      render: (r) => (
        <Tooltip label={r.user_agent} multiline maw={360}>
          <div>
            <Text size="sm">{r.ip}</Text>
            <Text size="xs" c="dimmed" maw={220} truncate>
              {r.user_agent}
            </Text>
          </div>
        </Tooltip>
      ),
    },
    { key: 'created', header: t('loginRequests.created'), render: (r) => <DateTime value={r.created_at} /> },
    { key: 'expires', header: t('loginRequests.expires'), render: (r) => <DateTime value={r.expires_at} /> },
    {
      key: 'status',
      header: t('loginRequests.filterStatus'),
      render: (r) => (
        <Badge variant="light" color={STATUS_COLOURS[r.status]}>
          {t(`loginRequests.status.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (r) =>
        r.status === 'pending' && (
          <DecisionButtons
            labels={{ approve: t('loginRequests.approve'), reject: t('loginRequests.reject') }}
            onApprove={() => decideRequest(r, 'approved')}
            onReject={() => decideRequest(r, 'rejected')}
            deciding={busy(r) ? (decide.variables?.status === 'approved' ? 'approve' : 'reject') : null}
          />
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('screen.loginRequests')} description={t('loginRequests.description')} />
      <DataTable
        queryKey={loginRequestKeys.lists()}
        queryFn={findLoginRequests}
        columns={columns}
        rowKey={(r) => r.reference_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED_FILTERS}
        toolbar={(filters, setFilters) => (
          <SegmentedControl
            aria-label={t('loginRequests.filterStatus')}
            value={filters.status}
            onChange={(status) => setFilters({ status: status as LoginRequestStatusFilter })}
            data={LOGIN_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`loginRequests.status.${s}`) }))}
          />
        )}
      />
    </>
  );
}
