import { Group } from '@mantine/core';
import { isCalendarDay } from '@portal/contract/calendar-day';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DayInput } from '../../ui/day-input.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ExportButtons } from '../../ui/export-buttons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { berlinToday, downloadBooks } from './books.queries.ts';

/** The day a books report is "at the end of", kept in the address (`?day=`) so the page can be linked; today by default. */
function useBooksDay(): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('day') ?? '';
  const day = isCalendarDay(asked) ? asked : berlinToday();
  return [day, (next) => setParams(next ? { day: next } : {}, { replace: true })];
}

/**
 * A report of the books at a date (decision 0136): its header with the exports, the day picker (a past or today's
 * Berlin day), and the report's table, or its empty state when nothing was on the books that day.
 */
export function BooksReportPage<R extends { rows: unknown[] }>(props: {
  report: 'stock_value' | 'supplier_debt';
  title: string;
  description: string;
  empty: string;
  useReport: (day: string) => UseQueryResult<R>;
  children: (report: R) => ReactNode;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useBooksDay();
  const query = props.useReport(day);
  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={<ExportButtons onExport={(format) => downloadBooks(props.report, day, format)} />}
      />
      <Group mb="md">
        <DayInput label={t('books.day')} value={day} max={berlinToday()} onChange={(next) => next && setDay(next)} />
      </Group>
      <QueryState query={query}>
        {(report) => (report.rows.length === 0 ? <EmptyState title={props.empty} /> : props.children(report))}
      </QueryState>
    </>
  );
}
