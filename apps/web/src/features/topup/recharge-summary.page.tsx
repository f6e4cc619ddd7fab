import { Alert, Group, Paper, Table } from '@mantine/core';
import { isCalendarDay } from '@portal/contract/calendar-day';
import { berlinToday } from '@portal/contract/report-periods';
import { TOPUP_STATUSES, type TopupStatus } from '@portal/contract/topup';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatters } from '../../lib/format.ts';
import { addressBarParams } from '../../ui/data-table-state.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { DateRangeFilter } from '../../ui/list-filters.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { ReportFileButtons } from '../../ui/report-file-buttons.tsx';
import { TopupStatusBadge } from '../../ui/topup-status-badge.tsx';
import { type RechargeSummary, type RechargeSummaryQuery, useRechargeSummary } from './topup.queries.ts';
import { TopupStatusSelect } from './topup-lists.tsx';

/** The period and status from the address bar (so a reload keeps them); this month so far by default. */
function useSummaryQuery(): [
  RechargeSummaryQuery,
  (change: Partial<Record<'from' | 'to' | 'status', string>>) => void,
] {
  const [params, setParams] = useSearchParams();
  const today = berlinToday();
  const day = (key: string, fallback: string) => {
    const v = params.get(key) ?? '';
    return isCalendarDay(v) ? v : fallback;
  };
  const status = params.get('status') ?? '';
  const query: RechargeSummaryQuery = {
    from: day('from', `${today.slice(0, 7)}-01`),
    to: day('to', today),
    ...((TOPUP_STATUSES as readonly string[]).includes(status) ? { status: status as TopupStatus } : {}),
  };
  // From the address bar, not the render's params: two changes before the next render (typing both dates) keep both.
  const change = (c: Partial<Record<'from' | 'to' | 'status', string>>) => {
    const next = addressBarParams();
    for (const [k, v] of Object.entries(c)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  return [query, change];
}

/** `/seller/recharge-summary`: the shop's top-ups by day, kind, operator and status, with totals, exported as CSV or XLSX. */
export function RechargeSummaryPage() {
  const { t } = useTranslation();
  const [query, change] = useSummaryQuery();
  // The server's own rule (from ≤ to, at most 366 days), checked here so the refusal is in the user's language.
  const span = Date.parse(query.to) - Date.parse(query.from);
  const valid = span >= 0 && span <= 365 * 86_400_000;
  const summary = useRechargeSummary(query, valid);
  return (
    <>
      <PageHeader
        title={t('screen.rechargeSummary')}
        description={t('topup.summary.description')}
        actions={
          valid && (
            <ReportFileButtons
              path="/get_recharge_summary/"
              body={query}
              fileName={`recharge-summary-${query.from}-${query.to}`}
            />
          )
        }
      />
      <Group mb="md" align="flex-end">
        <DateRangeFilter
          value={query}
          onChange={({ from, to }) => change({ from, to })}
          labels={{ from: t('topup.summary.from'), to: t('topup.summary.to') }}
        />
        <TopupStatusSelect value={query.status ?? ''} onChange={(status) => change({ status })} />
      </Group>
      {valid ? (
        <QueryState query={summary}>{(data) => <SummaryTable summary={data} />}</QueryState>
      ) : (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('topup.summary.range')}
        </Alert>
      )}
    </>
  );
}

function SummaryTable({ summary }: { summary: RechargeSummary }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  if (summary.rows.length === 0) return <EmptyState title={t('topup.summary.empty')} />;
  const shown = TOPUP_STATUSES.filter((s) => summary.totals[s]);
  const money = (v: string | null) => (v === null ? '—' : <Money amount={v} />);
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={700}>
        <Table striped>
          <Table.Caption>{t('screen.rechargeSummary')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('topup.summary.day')}</Table.Th>
              <Table.Th>{t('topup.summary.kind')}</Table.Th>
              <Table.Th>{t('topup.operator')}</Table.Th>
              <Table.Th>{t('topup.status')}</Table.Th>
              <Table.Th ta="right">{t('topup.summary.count')}</Table.Th>
              <Table.Th ta="right">{t('topup.summary.retailTotal')}</Table.Th>
              <Table.Th ta="right">{t('topup.summary.sellerTotal')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.rows.map((r) => (
              <Table.Tr key={`${r.day}-${r.kind}-${r.operator_name}-${r.status}`}>
                <Table.Td>{date(`${r.day}T12:00:00Z`)}</Table.Td>
                <Table.Td>{t(`topup.kinds.${r.kind}`)}</Table.Td>
                <Table.Td>{r.operator_name}</Table.Td>
                <Table.Td>
                  <TopupStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td ta="right">{r.count}</Table.Td>
                <Table.Td ta="right">{money(r.retail_total)}</Table.Td>
                <Table.Td ta="right">{money(r.seller_total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot data-testid="recharge-totals">
            {[...shown, 'all' as const].map((s) => {
              const total = summary.totals[s];
              if (!total) return null;
              return (
                <Table.Tr key={s} fw={s === 'all' ? 700 : 500}>
                  <Table.Td colSpan={4}>
                    {s === 'all'
                      ? t('topup.summary.total')
                      : t('topup.summary.totalOf', { status: t(`topup.statuses.${s}`) })}
                  </Table.Td>
                  <Table.Td ta="right">{total.count}</Table.Td>
                  <Table.Td ta="right">{money(total.retail_total)}</Table.Td>
                  <Table.Td ta="right">{money(total.seller_total)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
