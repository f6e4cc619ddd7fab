import { Anchor, Button, Select } from '@mantine/core';
import { RECLAMATION_STATUSES, type ReclamationSummary, type ReclamationView } from '@portal/contract/reclamations';
import { ROLE } from '@portal/contract/roles';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ScreenTitleKey } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { FileReclamationDialog } from './file-reclamation.tsx';
import { StatusBadge } from './reclamation-parts.tsx';
import { findReclamations, type ReclamationFilters, reclamationsKeys } from './reclamations.queries.ts';

const DEFAULT_FILTERS: ReclamationFilters = { status: '' };
// A status typed into the address bar that the server would refuse falls back to all statuses.
const ALLOWED_FILTERS = { status: ['', ...RECLAMATION_STATUSES] };

/**
 * `/seller-reclaim-requests` (a shop's claims, and filing), `/reseller-reclaim-requests` (a reseller's shops'
 * claims) and `/reclaim-requests` (the superadmin's claims on platform stock).
 */
export function ReclamationListPage({ view, title }: { view: ReclamationView; title: ScreenTitleKey }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // A sale's "Reclaim" button opens this screen with the sale chosen.
  const saleParam = Number(params.get('sale_id')) || null;
  // A soft pin's "Reclaim" on the sales list (issue 37): the claim is its one PIN.
  const softPinParam = Number(params.get('soft_pin_sale_id')) || null;
  const [filing, setFiling] = useState(saleParam !== null || softPinParam !== null);
  const queryFn = useMemo(() => findReclamations(view), [view]);
  const { user } = useSession();
  // Only a shop files claims; the others open its list to follow the claims they may see (decision 0091).
  const isShop = user?.account_role === ROLE.seller;
  const detail = (id: number) => (view === 'owner' ? `/reclaim-request/${id}` : `/seller-reclaim/${id}`);
  const columns: Column<ReclamationSummary>[] = [
    {
      key: 'id',
      header: t('reclamations.id'),
      render: (r) => (
        <Anchor component={Link} to={detail(r.reclamation_id)} size="sm">
          {r.reclamation_id}
        </Anchor>
      ),
    },
    { key: 'status', header: t('reclamations.statusLabel'), render: (r) => <StatusBadge status={r.status} /> },
    ...(isShop
      ? []
      : [{ key: 'shop', header: t('reclamations.shop'), render: (r: ReclamationSummary) => r.shop_name }]),
    {
      key: 'product',
      header: t('reclamations.product'),
      render: (r) => (
        <>
          {r.product_name} · <Money amount={r.value} />
        </>
      ),
    },
    { key: 'quantity', header: t('reclamations.quantity'), align: 'right', render: (r) => r.quantity },
    {
      key: 'amount',
      header: t('reclamations.amount'),
      align: 'right',
      render: (r) => <Money amount={r.seller_amount} />,
    },
    { key: 'user', header: t('reclamations.requestedUser'), render: (r) => r.requested_user },
    {
      key: 'date',
      header: t('reclamations.transactionDate'),
      render: (r) => <DateTime value={r.transaction_date} />,
    },
    { key: 'filed', header: t('reclamations.filedAt'), render: (r) => <DateTime value={r.created_at} /> },
  ];
  const closeFiling = () => {
    setFiling(false);
    if (saleParam !== null || softPinParam !== null) setParams({}, { replace: true });
  };
  return (
    <>
      <PageHeader
        title={t(title)}
        description={t(`reclamations.descriptions.${isShop || view === 'owner' ? view : 'scoped'}`)}
        actions={
          view === 'seller' &&
          isShop && (
            <Button leftSection={<IconAlertTriangle size={16} />} onClick={() => setFiling(true)}>
              {t('reclamations.file')}
            </Button>
          )
        }
      />
      <DataTable
        queryKey={reclamationsKeys.list(view)}
        queryFn={queryFn}
        columns={columns}
        rowKey={(r) => r.reclamation_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED_FILTERS}
        emptyTitle={t('reclamations.empty')}
        toolbar={(filters, setFilters) => (
          <Select
            label={t('reclamations.statusLabel')}
            data={[
              { value: '', label: t('reclamations.allStatuses') },
              ...RECLAMATION_STATUSES.map((s) => ({ value: s, label: t(`reclamations.status.${s}`) })),
            ]}
            value={filters.status}
            onChange={(v) => setFilters({ status: (v ?? '') as ReclamationFilters['status'] })}
            allowDeselect={false}
            w={220}
          />
        )}
      />
      {filing && (
        <FileReclamationDialog
          saleId={saleParam}
          softPinSaleId={softPinParam}
          onClose={closeFiling}
          detailPath={detail}
        />
      )}
    </>
  );
}
