import { Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Column } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import type { BankRecord } from './banking.queries.ts';
import { DuplicateOf, ReversalOf } from './duplicate-confirm.tsx';

const STATUS_COLOURS = { new: 'blue', duplicate: 'orange', booked: 'teal', skipped: 'gray', failed: 'red' } as const;

/** The columns every list of statement lines shows: when, who paid, what for, how much, to whom, and its state. */
export function bankRecordColumns(t: TFunction): Column<BankRecord>[] {
  return [
    {
      key: 'date',
      header: t('banking.bookingDate'),
      render: (r) => <DateTime value={r.booking_date} dateOnly />,
    },
    {
      key: 'payer',
      header: t('banking.payer'),
      render: (r) => (
        <div>
          <Text size="sm">{r.payer_name}</Text>
          {r.payer_iban && (
            <Text size="xs" c="dimmed" ff="monospace">
              {r.payer_iban}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'purpose',
      header: t('banking.purpose'),
      render: (r) => (
        <div>
          <Text size="sm">{r.purpose}</Text>
          {r.invoice_number && (
            <Text size="xs" c="dimmed">
              {t('banking.invoice', { number: r.invoice_number })}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'amount',
      header: t('banking.amount'),
      align: 'right',
      render: (r) => (
        <Text size="sm" c={r.direction === 'debit' ? 'red' : undefined}>
          {r.direction === 'debit' ? '− ' : ''}
          <Money amount={r.amount} currency={r.currency} />
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('banking.status'),
      render: (r) => (
        <div>
          <Badge variant="light" color={STATUS_COLOURS[r.status]}>
            {t(`banking.statuses.${r.status}`)}
          </Badge>
          {r.skip_reason && (
            <Text size="xs" c="dimmed">
              {t(`banking.skipReasons.${r.skip_reason}`)}
            </Text>
          )}
          <DuplicateOf line={r} />
          <ReversalOf line={r} />
        </div>
      ),
    },
  ];
}
