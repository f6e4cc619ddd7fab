import { ActionIcon, Group, Select, Tooltip, VisuallyHidden } from '@mantine/core';
import { BANK_RECORD_STATUSES } from '@portal/contract/banking';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import { askToConfirm } from '../../ui/confirm-action.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { bankRecordColumns } from './bank-record-columns.tsx';
import {
  type BankRecord,
  type BankRecordFilters,
  bankingKeys,
  findBankRecords,
  NO_RECORD_FILTERS,
  type useUpdateBankRecord,
} from './banking.queries.ts';

const ALLOWED = { status: ['', ...BANK_RECORD_STATUSES], search: undefined };
// Stable per list, so the table does not refetch on every render.
const LISTS = {
  0: {
    queryKey: bankingKeys.records(),
    queryFn: (request: Parameters<typeof findBankRecords>[1]) => findBankRecords(0, request),
  },
  1: {
    queryKey: [...bankingKeys.records(), 'deleted'],
    queryFn: (request: Parameters<typeof findBankRecords>[1]) => findBankRecords(1, request),
  },
};

/**
 * A list of statement lines with their filters: the live lines and the deleted ones differ only in which lines they
 * show, one column of their own and what a line's last cell offers.
 */
export function BankLinesScreen({
  deleted,
  title,
  description,
  column,
  action,
}: {
  deleted: 0 | 1;
  title: string;
  description: string;
  column: Column<BankRecord>;
  action: (line: BankRecord) => ReactNode;
}) {
  const { t } = useTranslation();
  const columns: Column<BankRecord>[] = [
    ...bankRecordColumns(t),
    column,
    {
      key: 'actions',
      header: <VisuallyHidden>{t('banking.actions')}</VisuallyHidden>,
      align: 'right',
      render: action,
    },
  ];
  return (
    <>
      <PageHeader title={title} description={description} />
      <DataTable
        {...LISTS[deleted]}
        columns={columns}
        rowKey={(r) => r.id}
        defaultFilters={NO_RECORD_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => <LineFilters filters={filters} setFilters={setFilters} />}
      />
    </>
  );
}

function LineFilters({
  filters,
  setFilters,
}: {
  filters: BankRecordFilters;
  setFilters: (change: Partial<BankRecordFilters>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <SearchBox value={filters.search} onSearch={(search) => setFilters({ search })} label={t('banking.search')} />
      <Select
        aria-label={t('banking.status')}
        placeholder={t('banking.allStatuses')}
        data={BANK_RECORD_STATUSES.map((s) => ({ value: s, label: t(`banking.statuses.${s}`) }))}
        value={filters.status || null}
        onChange={(v) => setFilters({ status: v ?? '' })}
        clearable
        w={180}
      />
    </Group>
  );
}

const LINE_ACTIONS = {
  delete: { icon: IconTrash, color: 'red', label: 'banking.delete', lineLabel: 'banking.deleteLine' },
  restore: { icon: IconRestore, color: undefined, label: 'banking.restore', lineLabel: 'banking.restoreLine' },
} as const;

/** A line's delete or restore button, spinning while that line's change is on its way. */
export function LineButton({
  action,
  line,
  update,
}: {
  action: keyof typeof LINE_ACTIONS;
  line: BankRecord;
  update: ReturnType<typeof useUpdateBankRecord>;
}) {
  const { t } = useTranslation();
  const { icon: Icon, color, label, lineLabel } = LINE_ACTIONS[action];
  const { money, date } = useFormatters();
  const payer = line.payer_name;
  // A delete leaves the line unbooked: it asks first, and the toast's undo restores it (the restore of the
  // deleted lines' screen). A restore harms nothing and happens at once.
  const onClick = () =>
    action === 'restore'
      ? update.mutate({ action, id: line.id })
      : askToConfirm({
          title: t('safeActions.bankLine.title'),
          // Money out was never to be credited to anybody: its line is only taken off the list.
          consequence: t(
            line.direction === 'debit' ? 'safeActions.bankLine.debit' : 'safeActions.bankLine.consequence',
            {
              payer,
              amount: money(line.amount, line.currency),
              date: date(line.booking_date),
            },
          ),
          confirmLabel: t('safeActions.deleteConfirm'),
          danger: true,
          run: () => update.mutateAsync({ action: 'delete', id: line.id }),
          done: {
            message: t('safeActions.bankLine.done', { payer }),
            undo: {
              run: () => update.mutateAsync({ action: 'restore', id: line.id }),
              message: t('safeActions.bankLine.undone', { payer }),
            },
          },
        });
  return (
    <Tooltip label={t(label)}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={t(lineLabel, { payer: line.payer_name })}
        loading={update.isPending && update.variables?.id === line.id}
        onClick={onClick}
      >
        <Icon size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
