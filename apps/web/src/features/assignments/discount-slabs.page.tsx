import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { assignmentKeys, type DiscountSlabRow, findSlabs } from './assignments.queries.ts';

/** `/discount-slabs/`: the operator's discount plans. */
export function DiscountSlabsPage() {
  const { t } = useTranslation();
  const columns: Column<DiscountSlabRow>[] = [
    {
      key: 'name',
      header: t('assignments.slabName'),
      render: (r) => <Link to={`/product-discount-slabs/${r.discount_slab_id}`}>{r.name}</Link>,
    },
    { key: 'items', header: t('assignments.slabItems'), align: 'right', render: (r) => r.items },
    { key: 'customers', header: t('assignments.slabCustomers'), align: 'right', render: (r) => r.customers },
    { key: 'created', header: t('customers.created'), render: (r) => <DateTime value={r.created_at} /> },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (r) => (
        <Tooltip label={t('assignments.editSlab')}>
          <ActionIcon
            variant="subtle"
            component={Link}
            to={`/product-discount-slabs/${r.discount_slab_id}`}
            aria-label={t('assignments.editSlabNamed', { name: r.name })}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('screen.discountSlabs')}
        description={t('assignments.slabsDescription')}
        actions={
          <Button component={Link} to="/discount-slabs/add" leftSection={<IconPlus size={16} />}>
            {t('screen.discountSlabAdd')}
          </Button>
        }
      />
      <DataTable
        queryKey={assignmentKeys.slabs()}
        queryFn={findSlabs}
        columns={columns}
        rowKey={(r) => r.discount_slab_id}
        defaultFilters={{}}
        errorTitle={t('assignments.slabsError')}
      />
    </>
  );
}
