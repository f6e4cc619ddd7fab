import { Stack } from '@mantine/core';
import { ROLE } from '@portal/contract/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { BalanceCards } from '../../../ui/balance-cards.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { SalesPerDay } from '../../../ui/sales-per-day.tsx';
import { useBalance } from '../../credit/balance.queries.ts';
import { useSalesDashboard } from '../../reports/dashboard.queries.ts';
import { LazyPurchaseDialog } from '../purchase-dialog.lazy.tsx';
import type { PurchaseTarget } from '../purchase-dialog.tsx';
import { useDashboard } from '../selling.queries.ts';
import { Favourites } from './favourites.tsx';
import { QuickBuy } from './quick-buy.tsx';
import { ShopSettings } from './shop-settings.tsx';
import { TodaysSales } from './todays-sales.tsx';

/** `/dashboard`: the home of sellers and web support after sign-in. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const dashboard = useDashboard();
  const balance = useBalance(user?.customer_id ?? 0, Boolean(user));
  const figures = useSalesDashboard(Boolean(user));
  const [target, setTarget] = useState<PurchaseTarget | null>(null);
  if (!user) return null;
  const manager = user.account_role === ROLE.seller && user.internal_role === 0;
  return (
    <>
      <PageHeader
        title={t('selling.dashboard.welcome', { name: user.name || user.username })}
        description={dashboard.data?.shop.name ?? user.organisation_name}
      />
      <Stack gap="xl">
        {/* Selling comes first: at the counter the search box is what the screen is opened for. */}
        <QuickBuy onBuy={setTarget} />
        <BalanceCards balance={balance} />
        <QueryState query={dashboard} loading={<TodaysSales today={undefined} />}>
          {(d) => (
            <>
              <Favourites data={d} onBuy={setTarget} />
              <TodaysSales today={d.today} />
              {figures.data && (
                <SalesPerDay title={t('dashboard.last30Days')} days={figures.data.sales_per_day} small />
              )}
              {manager && <ShopSettings shop={d.shop} />}
            </>
          )}
        </QueryState>
      </Stack>
      <LazyPurchaseDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
