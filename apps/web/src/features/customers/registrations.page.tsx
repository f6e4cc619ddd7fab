import { Badge, SegmentedControl, Text } from '@mantine/core';
import { updateRegistrationBody } from '@portal/contract/registrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerKeys } from '../../lib/customer-lookup.ts';
import { notify } from '../../lib/notify.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { DecisionButtons } from '../../ui/decision-buttons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import {
  findRegistrations,
  REGISTRATION_FILTERS,
  type RegistrationFilter,
  type RegistrationFilters,
  type RegistrationRow,
  useDecideRegistration,
} from './customers.queries.ts';

const DEFAULT_FILTERS: RegistrationFilters = { status: 'pending' };
const STATUS_COLOURS = { pending: 'yellow', accepted: 'teal', rejected: 'red' } as const;

/** `/customers/registrations`: shops that applied through `/user/register`; accepting creates the customer. */
export function RegistrationsPage() {
  const { t } = useTranslation();
  const decide = useDecideRegistration({ errorToast: true });
  const [rejecting, setRejecting] = useState<RegistrationRow | null>(null);

  function accept(row: RegistrationRow) {
    decide.mutate(
      { registration_id: row.registration_id, status: 'accepted' },
      {
        onSuccess: () =>
          notify({ color: 'teal', message: t('customers.registrationAccepted', { name: row.shop_name }) }),
      },
    );
  }

  const columns: Column<RegistrationRow>[] = [
    { key: 'date', header: t('customers.applied'), render: (r) => <DateTime value={r.created_at} /> },
    {
      key: 'shop',
      header: t('customers.shopName'),
      render: (r) => (
        <div>
          <Text size="sm" fw={500}>
            {r.shop_name}
          </Text>
          <Text size="xs" c="dimmed">
            {[r.shop_type, [r.address.postal, r.address.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ')}
          </Text>
        </div>
      ),
    },
    {
      key: 'contact',
      header: t('customers.contactName'),
      render: (r) => (
        <div>
          <Text size="sm">
            {r.contact_name} ({r.username})
          </Text>
          <Text size="xs" c="dimmed">
            {r.email} · {r.mobile}
          </Text>
        </div>
      ),
    },
    {
      key: 'message',
      header: t('customers.message'),
      render: (r) => (
        <Text size="sm" maw={260} lineClamp={3}>
          {r.message}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('customers.status'),
      render: (r) => (
        <div>
          <Badge variant="light" color={STATUS_COLOURS[r.status]}>
            {t(`customers.registrationStatus.${r.status}`)}
          </Badge>
          {r.reject_reason && (
            <Text size="xs" c="dimmed">
              {r.reject_reason}
            </Text>
          )}
          {r.customer_id && (
            <Text size="xs">
              <Link to={`/customer/details/${r.customer_id}`}>{t('customers.details')}</Link>
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (r) =>
        r.status === 'pending' && (
          <DecisionButtons
            labels={{ approve: t('customers.accept'), reject: t('customers.reject') }}
            onApprove={() => accept(r)}
            onReject={() => setRejecting(r)}
            deciding={decide.isPending && decide.variables?.registration_id === r.registration_id ? 'approve' : null}
          />
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('screen.registrations')} description={t('customers.registrationsDescription')} />
      <DataTable
        queryKey={customerKeys.registrations()}
        queryFn={findRegistrations}
        columns={columns}
        rowKey={(r) => r.registration_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={{ status: REGISTRATION_FILTERS }}
        toolbar={(filters, setFilters) => (
          <SegmentedControl
            aria-label={t('customers.status')}
            value={filters.status}
            onChange={(status) => setFilters({ status: status as RegistrationFilter })}
            data={REGISTRATION_FILTERS.map((s) => ({ value: s, label: t(`customers.registrationStatus.${s}`) }))}
          />
        )}
      />
      {rejecting && <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}

function RejectDialog({ row, onClose }: { row: RegistrationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideRegistration();
  return (
    <ReasonDialog
      title={t('customers.rejectTitle', { name: row.shop_name })}
      label={t('customers.rejectReason')}
      submitLabel={t('customers.reject')}
      mutation={decide}
      schema={updateRegistrationBody}
      toInput={(reason) => ({
        registration_id: row.registration_id,
        status: 'rejected' as const,
        reject_reason: reason,
      })}
      onClose={onClose}
    />
  );
}
