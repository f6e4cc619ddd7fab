import { Group } from '@mantine/core';
import { isCalendarDay } from '@portal/contract/calendar-day';
import { RULES } from '@portal/contract/rules';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../lib/permissions.ts';
import { DayInput } from '../../ui/day-input.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ExportButtons } from '../../ui/export-buttons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SearchSelect } from '../../ui/search-select.tsx';
import { useReportChoice, useReportChoices } from '../reports/reports.queries.ts';
import { berlinToday, downloadBooks } from './books.queries.ts';

/** What a books report is asked for, kept in the address like the other reports' filters. */
export interface BooksQuery {
  /** The Berlin day it is "at the end of" (`?day=`); today by default. */
  day: string;
  /** One stock owner's id (`?owner=`), or none for every owner the caller reads. */
  owner?: number;
}

function useBooksQuery(): [BooksQuery, (change: { day?: string; owner?: string }) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('day') ?? '';
  const owner = params.get('owner') ?? '';
  const query = {
    day: isCalendarDay(asked) ? asked : berlinToday(),
    owner: /^\d{1,9}$/.test(owner) && Number(owner) > 0 ? Number(owner) : undefined,
  };
  const change = (next: { day?: string; owner?: string }) =>
    setParams(
      (p) => {
        for (const [key, value] of Object.entries(next)) {
          if (value) p.set(key, value);
          else p.delete(key);
        }
        return p;
      },
      { replace: true },
    );
  return [query, change];
}

/**
 * The stock owner filter (decision 0136): the owners whose stock the caller reads, searched on the server as the user
 * types (the report pickers' call, field `owner`), its choice kept in the address.
 */
function OwnerPicker({ value, onChange }: { value: string; onChange: (owner: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const found = useReportChoices('owner', text, {});
  const selected = useReportChoice('owner', value);
  return (
    <SearchSelect
      label={t('books.owner')}
      value={value}
      onChange={onChange}
      found={found}
      selected={selected}
      onSearch={setText}
      w={260}
      texts={{
        none: t('books.allOwners'),
        nothingFound: t('reports.filters.pickerNothingFound'),
        searching: t('reports.filters.pickerSearching'),
        error: t('reports.filters.pickerError'),
      }}
    />
  );
}

/**
 * A report of the books at a date (decision 0136): its header with the exports, the day picker (a past or today's
 * Berlin day), for the stock value the owner picker of the platform's users (a reseller reads its own stock only),
 * and the report's table, or its empty state when nothing was on the books that day.
 */
export function BooksReportPage<R extends { rows: unknown[] }>(props: {
  report: 'stock_value' | 'supplier_debt';
  title: string;
  description: string;
  empty: string;
  useReport: (query: BooksQuery) => UseQueryResult<R>;
  children: (report: R) => ReactNode;
}) {
  const { t } = useTranslation();
  const [query, change] = useBooksQuery();
  // The platform's users read several owners' stock (its staff: their assigned resellers'); a reseller only its own.
  const platform = useCan(RULES.superadmin);
  const owners = props.report === 'stock_value' && platform;
  const owner = owners ? query.owner : undefined;
  const report = props.useReport({ day: query.day, owner });
  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={<ExportButtons onExport={(format) => downloadBooks(props.report, query.day, format, owner)} />}
      />
      <Group mb="md" align="flex-end">
        <DayInput
          label={t('books.day')}
          value={query.day}
          max={berlinToday()}
          onChange={(next) => next && change({ day: next })}
        />
        {owners && <OwnerPicker value={owner ? String(owner) : ''} onChange={(next) => change({ owner: next })} />}
      </Group>
      <QueryState query={report}>
        {(data) => (data.rows.length === 0 ? <EmptyState title={props.empty} /> : props.children(data))}
      </QueryState>
    </>
  );
}
