import { Alert, Tabs } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { BalanceCards } from '../../ui/balance-cards.tsx';
import { type EntryViews, LedgerTable, WalletHistory } from '../../ui/ledger-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useBalance } from './balance.queries.ts';
import { creditKeys, exportOwnLedger, findOwnLedger, walletHistorySource } from './credit.queries.ts';

/**
 * `/admin/ledger` (a reseller's own ledger and wallet history) and `/seller/ledger` (a shop's ledger; its staff see
 * only the entries they made, which the server decides).
 */
export function OwnLedgerPage({ scope, entryViews }: { scope: 'reseller' | 'seller'; entryViews?: EntryViews }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const balance = useBalance(user?.customer_id ?? 0, Boolean(user));
  const staffOnly = scope === 'seller' && user?.internal_role === 1;
  const ledger = (
    <LedgerTable
      queryKey={creditKeys.ownLedger()}
      queryFn={findOwnLedger}
      entryViews={entryViews}
      exportLines={exportOwnLedger}
    />
  );
  return (
    <>
      <PageHeader
        title={t(scope === 'reseller' ? 'screen.adminLedger' : 'screen.sellerLedger')}
        description={t('credit.ledgerDescription')}
      />
      {user && <BalanceCards balance={balance} />}
      {staffOnly && (
        <Alert icon={<IconInfoCircle size={18} />} variant="light" my="md">
          {t('credit.staffOwnLines')}
        </Alert>
      )}
      {scope === 'seller' ? (
        <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>{ledger}</div>
      ) : (
        <Tabs defaultValue="ledger" mt="lg" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="ledger">{t('credit.allLines')}</Tabs.Tab>
            <Tabs.Tab value="wallet">{t('credit.walletHistory')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="ledger">{ledger}</Tabs.Panel>
          <Tabs.Panel value="wallet">
            <WalletHistory source={walletHistorySource()} urlPrefix="w_" entryViews={entryViews} />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
