import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { DynamicBalance } from '@portal/contract/credit';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './error-state.tsx';
import { Money } from './money.tsx';

/** Balance, outstanding credit and credit limit of one wallet, as three figures. */
export function BalanceCards({ balance }: { balance: UseQueryResult<DynamicBalance> }) {
  const { t } = useTranslation();
  if (balance.isError) return <ErrorState title={t('dashboard.home.balanceError')} onRetry={() => balance.refetch()} />;
  const figures = [
    ['balance', t('dashboard.home.balance')],
    ['outstanding_credit', t('dashboard.home.outstandingCredit')],
    ['credit_limit', t('dashboard.home.creditLimit')],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {figures.map(([key, label]) => (
        <Paper key={key} withBorder radius="md" p="md" data-testid={`figure-${key}`}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {balance.data ? (
            <Text fz={28} fw={700}>
              <Money amount={balance.data[key]} currency={balance.data.currency} />
            </Text>
          ) : (
            <Skeleton h={34} mt={4} w="70%" />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
