import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { customerSource } from '../../lib/customer-lookup.ts';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { BankLinesScreen, LineButton } from './bank-lines.tsx';
import { useUpdateBankRecord } from './banking.queries.ts';
import { ConfirmDuplicateButton } from './duplicate-confirm.tsx';

/** `/banking-list`: every imported line; open incoming ones are mapped here one by one, lines deleted. */
export function BankRecordsPage() {
  const { t } = useTranslation();
  const update = useUpdateBankRecord();
  return (
    <BankLinesScreen
      deleted={0}
      title={t('screen.bankingList')}
      description={t('banking.listDescription')}
      column={{
        key: 'customer',
        header: t('banking.customer'),
        render: (r) =>
          r.direction === 'credit' && r.status !== 'booked' && r.status !== 'skipped' ? (
            <CustomerPicker
              source={customerSource}
              inline
              label={t('banking.customerFor', { payer: r.payer_name })}
              value={r.customer_id}
              selectedName={r.customer_name ?? undefined}
              onChange={(customerId) =>
                customerId && update.mutate({ action: 'assign', id: r.id, customer_id: customerId })
              }
              w={240}
            />
          ) : (
            (r.customer_name ?? '—')
          ),
      }}
      action={(r) =>
        r.status === 'booked' ? (
          <Text size="xs" c="dimmed">
            {r.booked_at && <DateTime value={r.booked_at} />}
          </Text>
        ) : (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <ConfirmDuplicateButton line={r} update={update} />
            <LineButton action="delete" line={r} update={update} />
          </Group>
        )
      }
    />
  );
}
