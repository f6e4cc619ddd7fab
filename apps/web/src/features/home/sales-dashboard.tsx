import { Alert, Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CreditNearLimitRow } from '@portal/contract/dashboard';
import { formatPercent } from '@portal/contract/format';
import type { SalesCounters, SalesSummaryRow } from '@portal/contract/reports';
import { RULES } from '@portal/contract/rules';
import { IconUserQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { summaryName } from '../../lib/summary-name.ts';
import { ColumnsTable } from '../../ui/data-table.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SalesPerDay } from '../../ui/sales-per-day.tsx';
import { useSalesDashboard } from '../reports/dashboard.queries.ts';
import { DashboardSection as Section } from './dashboard-section.tsx';
import { LowStock } from './low-stock.tsx';

const money = (amount: string | null) => (amount === null ? '—' : <Money amount={amount} />);

/** The operators' figures on their home: today and this month, 30 days, tops, low stock and credit. */
export function SalesDashboard() {
  const { t } = useTranslation();
  const dashboard = useSalesDashboard();
  if (dashboard.isPending) return <PageLoader />;
  if (dashboard.isError)
    return (
      <ErrorState
        title={t('dashboard.loadError')}
        message={describeError(t, dashboard.error)}
        onRetry={() => dashboard.refetch()}
      />
    );
  const d = dashboard.data;
  return (
    <Stack gap="lg">
      {/* Operator staff see their assigned customers' sales only: with none assigned, say so (issue 39). */}
      {d.assigned_customers === 0 && (
        <Alert color="yellow" icon={<IconUserQuestion size={18} />} title={t('dashboard.noneAssigned')} role="status">
          {t('dashboard.noneAssignedHint')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PeriodCard title={t('dashboard.today')} counters={d.today} period="today" />
        <PeriodCard title={t('dashboard.thisMonth')} counters={d.this_month} period="month" />
      </SimpleGrid>
      <SalesPerDay title={t('dashboard.salesPerDay')} days={d.sales_per_day} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <TopList
          title={t('dashboard.topProducts')}
          nameHeader={t('dashboard.product')}
          rows={d.top_products}
          group="product"
        />
        <TopList title={t('dashboard.topShops')} nameHeader={t('dashboard.shop')} rows={d.top_shops} group="shop" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <LowStock rows={d.low_stock} />
        <CreditNearLimit rows={d.credit_near_limit} />
      </SimpleGrid>
    </Stack>
  );
}

function PeriodCard({ title, counters, period }: { title: string; counters: SalesCounters; period: string }) {
  const { t } = useTranslation();
  const { count } = useFormatters();
  const canOpen = useCan(RULES.reportsOperators);
  const figures: [string, ReactNode][] = [
    [t('reports.figures.sales'), count(counters.sales)],
    [t('reports.figures.pins'), count(counters.pins)],
    [t('reports.figures.faceValue'), money(counters.face_value)],
    [t('reports.figures.sellingAmount'), money(counters.selling_amount)],
    [t('reports.figures.buyingAmount'), money(counters.buying_amount)],
    [t('reports.figures.margin'), money(counters.margin)],
  ];
  return (
    <Section title={title}>
      {/* Whose revenue, cost and margin these are (decision 0063): the caller's own party's. */}
      <Text size="xs" c="dimmed" mb={4}>
        {t(`reports.figures.whose.${counters.party}`)}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} fz="lg">
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {canOpen && (
        <Anchor component={Link} to={`/reports-sales?period=${period}`} size="sm">
          {t('dashboard.openReport')}
        </Anchor>
      )}
    </Section>
  );
}

function TopList({
  title,
  nameHeader,
  rows,
  group,
}: {
  title: string;
  nameHeader: string;
  rows: SalesSummaryRow[];
  group: 'product' | 'shop';
}) {
  const { t } = useTranslation();
  const { count } = useFormatters();
  const canOpen = useCan(RULES.reportsOperators);
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.noSales')}
        </Text>
      ) : (
        <ColumnsTable
          rows={rows}
          rowKey={(r) => r.key}
          minWidth={420}
          columns={[
            // A provider's goods by their kind in words ("Internationale Aufladung"), never its code (issue 40).
            { key: 'name', header: nameHeader, render: (r) => summaryName(t, group, r) },
            { key: 'sales', header: t('reports.figures.sales'), align: 'right', render: (r) => count(r.sales) },
            {
              key: 'selling',
              header: t('reports.figures.sellingAmount'),
              align: 'right',
              render: (r) => money(r.selling_amount),
            },
            { key: 'margin', header: t('reports.figures.margin'), align: 'right', render: (r) => money(r.margin) },
          ]}
        />
      )}
      {canOpen && rows.length > 0 && (
        <Anchor component={Link} to={`/report-sales-summary?period=month&group=${group}`} size="sm">
          {t('dashboard.openReport')}
        </Anchor>
      )}
    </Section>
  );
}

function CreditNearLimit({ rows }: { rows: CreditNearLimitRow[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('dashboard.creditNearLimit')}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.noCreditNearLimit')}
        </Text>
      ) : (
        <ColumnsTable
          rows={rows}
          rowKey={(r) => r.customer_id}
          minWidth={420}
          columns={[
            { key: 'name', header: t('dashboard.customer'), render: (r) => r.name },
            {
              key: 'outstanding',
              header: t('dashboard.outstandingCredit'),
              align: 'right',
              render: (r) => money(r.outstanding_credit),
            },
            { key: 'limit', header: t('dashboard.creditLimit'), align: 'right', render: (r) => money(r.credit_limit) },
            { key: 'used', header: t('dashboard.used'), align: 'right', render: (r) => formatPercent(r.used_percent) },
          ]}
        />
      )}
    </Section>
  );
}
