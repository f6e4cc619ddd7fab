import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ProviderReconciliation } from '@portal/contract/topup';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { findReconciliationDifferences, topupKeys, useProviderReconciliation } from './topup.queries.ts';

type Difference = ProviderReconciliation['differences'][number];

/**
 * DT One beside the pending top-ups (decision 0080, "Reconciliation"): its balance now against the alert threshold,
 * the last daily comparison of its transactions with ours, and every difference it found.
 */
export function ReconciliationPanel() {
  const { t } = useTranslation();
  const summary = useProviderReconciliation();
  const balance = summary.data?.balance ?? null;
  const last = summary.data?.last_run ?? null;
  const columns: Column<Difference>[] = [
    { key: 'day', header: t('topup.reconciliation.day'), render: (d) => d.day },
    { key: 'kind', header: t('topup.reconciliation.kind'), render: (d) => t(`topup.reconciliation.kinds.${d.kind}`) },
    {
      key: 'transaction',
      header: t('topup.reconciliation.providerTransaction'),
      render: (d) => `${d.provider_transaction_id} (${d.external_id})`,
    },
    { key: 'providerStatus', header: t('topup.pending.providerStatus'), render: (d) => d.provider_status },
    {
      key: 'portal',
      header: t('topup.reconciliation.portalStatus'),
      render: (d) =>
        d.sale_id === null ? '—' : `${d.sale_id}: ${d.portal_status ? t(`topup.statuses.${d.portal_status}`) : '—'}`,
    },
    { key: 'found', header: t('topup.reconciliation.found'), render: (d) => <DateTime value={d.found_at} /> },
  ];
  return (
    <Card withBorder radius="md" padding="lg" mb="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('topup.reconciliation.title')}
        </Title>
        <Group gap="lg" wrap="wrap">
          <Text size="sm" data-testid="provider-balance">
            {t('topup.reconciliation.balance')}:{' '}
            {balance ? (
              <strong>
                <Money amount={balance.available} currency={balance.unit} />
              </strong>
            ) : (
              t('topup.reconciliation.balanceUnknown')
            )}
          </Text>
          {balance && (
            <Text size="sm">
              {t('topup.reconciliation.threshold')}: <Money amount={balance.threshold} />
            </Text>
          )}
          <Text size="sm">
            {last
              ? t('topup.reconciliation.lastRun', {
                  day: last.day,
                  count: last.compared,
                  status: t(`topup.reconciliation.runStatus.${last.status}`),
                })
              : t('topup.reconciliation.noRun')}
          </Text>
        </Group>
        {balance?.below && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {t('topup.reconciliation.below')}
          </Alert>
        )}
        <DataTable
          queryKey={[...topupKeys.all, 'reconciliation']}
          queryFn={findReconciliationDifferences}
          columns={columns}
          rowKey={(d) => d.id}
          defaultFilters={{}}
          urlPrefix="diff_"
          small
          caption={t('topup.reconciliation.differences')}
          emptyTitle={t('topup.reconciliation.empty')}
        />
      </Stack>
    </Card>
  );
}
