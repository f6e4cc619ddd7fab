import { Button, Text } from '@mantine/core';
import { formatMoney } from '@portal/contract/format';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import type { BankRecord, useUpdateBankRecord } from './banking.queries.ts';

/** Which earlier line a possible duplicate matched: its date, amount, file and state (decision 0127). */
export function DuplicateOf({ line }: { line: BankRecord }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const d = line.duplicate_of;
  if (!d || line.status !== 'duplicate') return null;
  return (
    <Text size="xs" c="orange.8">
      {t('banking.duplicateOf', {
        date: date(d.booking_date),
        amount: formatMoney(d.amount),
        file: d.filename,
        status: t(`banking.statuses.${d.status}`),
      })}
    </Text>
  );
}

/**
 * "Not a duplicate": the confirmation names the earlier line the user was shown, so the server refuses it
 * when the line has since been matched to another one.
 */
export function ConfirmDuplicateButton({
  line,
  update,
  onConfirmed,
}: {
  line: BankRecord;
  update: ReturnType<typeof useUpdateBankRecord>;
  onConfirmed?: (line: BankRecord) => void;
}) {
  const { t } = useTranslation();
  const d = line.duplicate_of;
  if (!d || line.status !== 'duplicate') return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="orange"
      aria-label={t('banking.confirmDuplicateLine', { payer: line.payer_name })}
      loading={update.isPending && update.variables?.id === line.id}
      onClick={() =>
        update.mutate({ action: 'confirm_duplicate', id: line.id, duplicate_of: d.id }, { onSuccess: onConfirmed })
      }
    >
      {t('banking.confirmDuplicate')}
    </Button>
  );
}

/** A return debit booked as the reversal of an earlier payment: which payment, and why it came back. */
export function ReversalOf({ line }: { line: BankRecord }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const r = line.reversal_of;
  if (!r) return null;
  return (
    <Text size="xs" c="grape.8">
      {t('banking.reversalOf', {
        code: line.return_code ?? '—',
        date: date(r.booking_date),
        amount: formatMoney(r.amount),
      })}
    </Text>
  );
}
