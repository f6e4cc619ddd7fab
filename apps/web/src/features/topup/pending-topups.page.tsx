import { Button, Group } from '@mantine/core';
import type { HeldResolution } from '@portal/contract/topup';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ReconciliationPanel } from './reconciliation-panel.tsx';
import { ResolveHeldDialog } from './resolve-held-dialog.tsx';
import { findPendingTopups, type PendingTopup, topupKeys, useCheckTopup } from './topup.queries.ts';
import { topupColumns } from './topup-lists.tsx';

/**
 * `/top-ups-pending`: the platform's top-ups pending for more than 24 hours, and those held for the superadmin at
 * once with the reason (decision 0080). The superadmin asks the provider
 * again; money moves only with the provider's final answer, so there is no button that refunds — but for a held
 * sale, which no provider answer can settle: the superadmin settles it as failed or follows the provider's one.
 */
export function PendingTopupsPage() {
  const { t } = useTranslation();
  const check = useCheckTopup();
  const [deciding, setDeciding] = useState<{ sale: PendingTopup; resolution: HeldResolution } | null>(null);
  const columns: Column<PendingTopup>[] = [
    { key: 'shop', header: t('topup.pending.shop'), render: (s) => s.customer_name },
    ...topupColumns<PendingTopup>(t),
    { key: 'provider', header: t('topup.pending.provider'), render: (s) => s.provider },
    { key: 'providerStatus', header: t('topup.pending.providerStatus'), render: (s) => s.provider_status ?? '—' },
    { key: 'asked', header: t('topup.pending.lastAsked'), render: (s) => <DateTime value={s.updated_at} /> },
    {
      key: 'hold',
      header: t('topup.pending.hold'),
      render: (s) => (s.hold_reason ? t(`topup.pending.holds.${s.hold_reason}`) : '—'),
    },
    {
      key: 'check',
      header: '',
      render: (s) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={check.isPending && check.variables === s.sale_id}
            onClick={() =>
              check.mutate(s.sale_id, {
                onSuccess: (r) =>
                  notify({
                    color: 'teal',
                    message: t('topup.pending.checked', { status: t(`topup.statuses.${r.status}`) }),
                  }),
              })
            }
          >
            {t('topup.pending.check')}
          </Button>
          {s.hold_reason && (
            <>
              {s.hold_reason === 'external_id_mismatch' && (
                <Button size="xs" variant="light" onClick={() => setDeciding({ sale: s, resolution: 'follow' })}>
                  {t('topup.pending.resolve.follow')}
                </Button>
              )}
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setDeciding({ sale: s, resolution: 'failed' })}
              >
                {t('topup.pending.resolve.fail')}
              </Button>
            </>
          )}
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('screen.topupsPending')} description={t('topup.pending.description')} />
      <ReconciliationPanel />
      <DataTable
        queryKey={[...topupKeys.all, 'pending']}
        queryFn={findPendingTopups}
        columns={columns}
        rowKey={(s) => s.sale_id}
        defaultFilters={{}}
        caption={t('screen.topupsPending')}
        emptyTitle={t('topup.pending.empty')}
      />
      {deciding && (
        <ResolveHeldDialog sale={deciding.sale} resolution={deciding.resolution} onClose={() => setDeciding(null)} />
      )}
    </>
  );
}
