import { Badge, Select } from '@mantine/core';
import { DYNAMIC_LOG_ACTIONS, DYNAMIC_LOG_OUTCOMES, type DynamicProductLog } from '@portal/contract/dynamic-products';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { dynamicProductsKeys, findDynamicProductLogs, NO_LOG_FILTERS } from './dynamic-products.queries.ts';

const OUTCOME_COLOR = { ok: 'teal', refused: 'orange', unreachable: 'red' } as const;

/** `/report/dynamic-products-log` (superadmin): every call to the soft-pin provider, newest first, no PINs or keys. */
export function DynamicProductsLogPage() {
  const { t } = useTranslation();
  const columns: Column<DynamicProductLog>[] = [
    { key: 'time', header: t('dynamicProducts.log.time'), render: (l) => <DateTime value={l.created_at} /> },
    {
      key: 'action',
      header: t('dynamicProducts.log.action'),
      render: (l) => t(`dynamicProducts.log.actions.${l.action}`),
    },
    {
      key: 'outcome',
      header: t('dynamicProducts.log.outcome'),
      render: (l) => (
        <Badge color={OUTCOME_COLOR[l.outcome]} variant="light">
          {t(`dynamicProducts.log.outcomes.${l.outcome}`)}
        </Badge>
      ),
    },
    { key: 'status', header: t('dynamicProducts.log.providerStatus'), render: (l) => l.provider_status ?? '—' },
    { key: 'sale', header: t('dynamicProducts.log.sale'), render: (l) => l.sale_id ?? '—' },
    { key: 'customer', header: t('dynamicProducts.log.customer'), render: (l) => l.customer_name ?? '—' },
    { key: 'product', header: t('dynamicProducts.log.providerProduct'), render: (l) => l.provider_product_id ?? '—' },
    { key: 'external', header: t('dynamicProducts.log.externalId'), render: (l) => l.external_id ?? '—' },
    { key: 'message', header: t('dynamicProducts.log.message'), render: (l) => l.message ?? '—' },
    { key: 'duration', header: t('dynamicProducts.log.duration'), align: 'right', render: (l) => l.duration_ms },
  ];
  return (
    <>
      <PageHeader title={t('screen.dynamicProductsLog')} description={t('dynamicProducts.log.description')} />
      <DataTable
        queryKey={dynamicProductsKeys.logs()}
        queryFn={findDynamicProductLogs}
        columns={columns}
        rowKey={(l) => l.id}
        defaultFilters={NO_LOG_FILTERS}
        caption={t('screen.dynamicProductsLog')}
        emptyTitle={t('dynamicProducts.log.empty')}
        toolbar={(filters, setFilters) => (
          <>
            <Select
              aria-label={t('dynamicProducts.log.action')}
              placeholder={t('dynamicProducts.log.allActions')}
              data={DYNAMIC_LOG_ACTIONS.map((a) => ({ value: a, label: t(`dynamicProducts.log.actions.${a}`) }))}
              value={filters.action || null}
              onChange={(v) => setFilters({ action: v ?? '' })}
              clearable
              w={200}
            />
            <Select
              aria-label={t('dynamicProducts.log.outcome')}
              placeholder={t('dynamicProducts.log.allOutcomes')}
              data={DYNAMIC_LOG_OUTCOMES.map((o) => ({ value: o, label: t(`dynamicProducts.log.outcomes.${o}`) }))}
              value={filters.outcome || null}
              onChange={(v) => setFilters({ outcome: v ?? '' })}
              clearable
              w={200}
            />
          </>
        )}
      />
    </>
  );
}
