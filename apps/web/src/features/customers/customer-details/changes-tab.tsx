import { Text } from '@mantine/core';
import type { AuditChange } from '@portal/contract/audit';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { useAuditColumns } from '../../../ui/audit-changes.tsx';
import { DataTable, type PageRequest } from '../../../ui/data-table.tsx';

const NO_FILTERS = {};

/**
 * A customer's "Changes" tab (issue 41): its own record's changes and everything that belongs to it (its users,
 * assignments, discounts, keys, terminals), newest first, paged on the server. The server answers only for a
 * customer the caller sees (`/customer_changes/`, decision 0141).
 */
export function ChangesTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const columns = useAuditColumns({ showCustomer: false });
  const find = async ({ page, limit, abort }: PageRequest<Record<string, never>>) => {
    const data = await api.get('/customer_changes/', { customer_id: customerId, page, limit }, { abort });
    return { items: data.changes, filters: data.filters };
  };
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('audit.description')}
      </Text>
      <DataTable<AuditChange, Record<string, never>>
        queryKey={['audit', 'customer', customerId]}
        queryFn={find}
        columns={columns}
        rowKey={(c) => c.id}
        defaultFilters={NO_FILTERS}
        urlPrefix="c_"
        emptyTitle={t('audit.empty')}
        errorTitle={t('audit.error')}
        rowTestId="audit-change"
      />
    </>
  );
}
